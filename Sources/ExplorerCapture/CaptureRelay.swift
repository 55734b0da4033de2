import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1

/// Writes an upstream answer to the client as its parts arrive, on whatever thread the transport hands them over.
final class CaptureRelay: @unchecked Sendable {
    private let channel: any Channel
    private let version: HTTPVersion
    private let isHead: Bool
    private let lock = NSLock()
    private var headWritten = false
    private var hasBody = false
    private var ended = false
    /// The body length the answer's head promised, when it did; and how much of it has been written.
    private var promised: Int?
    private var written = 0

    init(channel: any Channel, version: HTTPVersion, isHead: Bool) {
        self.channel = channel
        self.version = version
        self.isHead = isHead
    }

    /// One part of the streamed answer.
    func take(_ part: ResponseStreamPart) {
        switch part {
        case let .head(head):
            let status = head.statusCode
            let carriesBody = !isHead && status >= 200 && status != 204 && status != 304
            let headers = CaptureHeaders.downstream(head.headers.fields, hasBody: carriesBody)
            lock.withLock {
                headWritten = true
                hasBody = carriesBody
                promised = headers.first(name: "content-length").flatMap { Int($0) }
            }
            let responseHead = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status,
                                                                                            reasonPhrase: HTTPStatus.reasonPhrase(for: status)),
                                                headers: headers)
            channel.writeAndFlush(HTTPServerResponsePart.head(responseHead), promise: nil)
        case let .body(data, _):
            guard lock.withLock({ () -> Bool in
                written += data.count
                return hasBody
            }), !data.isEmpty else { return }
            channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: data))), promise: nil)
        case .events, .end:
            break
        }
    }

    /// True once the client has the whole answer: its end, a body as long as promised, or a head that has none.
    var isAnswered: Bool {
        lock.withLock { ended || (headWritten && !hasBody) || promised.map { written >= $0 } == true }
    }

    /// The end of the answer.
    func end() {
        lock.withLock { ended = true }
        channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
    }

    /// Answers 502 with `text` when nothing was written yet and returns false; when the answer had begun, the
    /// connection is closed (the client sees it cut off) and this returns true.
    func fail(_ text: String) -> Bool {
        defer { lock.withLock { ended = true } }
        if lock.withLock({ headWritten }) {
            channel.close(promise: nil)
            return true
        }
        let headers = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(text.utf8.count)")])
        channel.write(HTTPServerResponsePart.head(HTTPResponseHead(version: version, status: .badGateway, headers: headers)), promise: nil)
        if !isHead { channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: text))), promise: nil) }
        channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
        return false
    }
}
