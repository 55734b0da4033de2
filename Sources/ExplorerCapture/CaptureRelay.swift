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
            }
            let responseHead = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status,
                                                                                            reasonPhrase: HTTPStatus.reasonPhrase(for: status)),
                                                headers: headers)
            channel.writeAndFlush(HTTPServerResponsePart.head(responseHead), promise: nil)
        case let .body(data, _):
            guard lock.withLock({ hasBody }), !data.isEmpty else { return }
            channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: data))), promise: nil)
        case .events, .end:
            break
        }
    }

    /// The end of the answer.
    func end() {
        channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
    }

    /// Answers 502 with `text` when nothing was written yet and returns false; when the answer had begun, the
    /// connection is closed (the client sees it cut off) and this returns true.
    func fail(_ text: String) -> Bool {
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
