import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1

/// Writes an upstream answer to the client as its parts arrive, on whatever thread the transport hands them over.
/// Parts wait in a queue that one task on the client's event loop writes out and flushes: parts that arrive together
/// (the head, a short body and the end of an ordinary answer) cost one hop to that loop, not one each (perf: thread
/// switches were most of the proxy's cost), and a streamed part still goes out as soon as the loop runs.
final class CaptureRelay: @unchecked Sendable {
    private let channel: any Channel
    private let version: HTTPVersion
    private let isHead: Bool
    private let lock = NSLock()
    private var headWritten = false
    private var closesConnection = false
    private var hasBody = false
    private var ended = false
    /// The body length the answer's head promised, when it did; and how much of it has been written.
    private var promised: Int?
    private var written = 0
    /// Parts not written yet, what runs once they are, and whether a write-out is on its way to the loop.
    private var queued: [HTTPServerResponsePart] = []
    private var afterwards: [@Sendable () -> Void] = []
    private var scheduled = false

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
            let carriesBody = CaptureHeaders.answerHasBody(status: status, toHEAD: isHead)
            let chunks = CaptureHeaders.readsChunks(version)
            var headers = CaptureHeaders.downstream(head.headers.fields, hasBody: carriesBody, chunks: chunks)
            // An HTTP/1.0 client reads a body without a length to the connection's end.
            let closes = carriesBody && !chunks && !headers.contains(name: "content-length")
            if closes { headers.add(name: "Connection", value: "close") }
            let responseHead = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status,
                                                                                            reasonPhrase: HTTPStatus.reasonPhrase(for: status)),
                                                headers: headers)
            enqueue(.head(responseHead), update: {
                closesConnection = closes
                headWritten = true
                hasBody = carriesBody
                promised = headers.first(name: "content-length").flatMap { Int($0) }
            })
        case let .body(data, _):
            guard !data.isEmpty else { return }
            enqueue(.body(.byteBuffer(ByteBuffer(bytes: data))), when: {
                written += data.count
                return hasBody
            })
        case .events, .end:
            break
        }
    }

    /// The end of the answer; `then` runs on the client's loop once it is written.
    func end(then: @escaping @Sendable () -> Void) {
        enqueue(.end(nil), then: then, update: { ended = true })
    }

    /// True when the client's connection ends with this answer (an HTTP/1.0 client reading a body without a length).
    var endsConnection: Bool { lock.withLock { closesConnection } }

    /// True once the client has the whole answer: its end, a body as long as promised, or a head that has none.
    var isAnswered: Bool {
        lock.withLock { ended || (headWritten && !hasBody) || promised.map { written >= $0 } == true }
    }

    /// Answers 502 with `text` when nothing was written yet; when the answer had begun, the connection is closed (the
    /// client sees it cut off). `then` hears, on the client's loop, whether it was cut off.
    func fail(_ text: String, then: @escaping @Sendable (Bool) -> Void) {
        let begun = lock.withLock { () -> Bool in
            defer { ended = true }
            return headWritten
        }
        if begun {
            channel.close(promise: nil)
            channel.eventLoop.execute { then(true) }
            return
        }
        let headers = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(text.utf8.count)")])
        enqueue(.head(HTTPResponseHead(version: version, status: .badGateway, headers: headers)), update: { headWritten = true })
        if !isHead { enqueue(.body(.byteBuffer(ByteBuffer(string: text)))) }
        enqueue(.end(nil), then: { then(false) })
    }

    /// Queues `part` (when `wanted`, run under the lock, says so) and makes sure a write-out is on its way.
    private func enqueue(_ part: HTTPServerResponsePart, then: (@Sendable () -> Void)? = nil, when wanted: () -> Bool) {
        let schedule = lock.withLock { () -> Bool in
            if wanted() { queued.append(part) }
            if let then { afterwards.append(then) }
            defer { scheduled = true }
            return !scheduled
        }
        guard schedule else { return }
        if channel.eventLoop.inEventLoop {
            flushQueued()
        } else {
            channel.eventLoop.execute { self.flushQueued() }
        }
    }

    private func enqueue(_ part: HTTPServerResponsePart, then: (@Sendable () -> Void)? = nil, update: () -> Void = {}) {
        enqueue(part, then: then, when: {
            update()
            return true
        })
    }

    /// On the client's loop: writes what is queued, flushes once, then runs what waited for it.
    private func flushQueued() {
        let (parts, thens) = lock.withLock { () -> ([HTTPServerResponsePart], [@Sendable () -> Void]) in
            defer {
                queued = []
                afterwards = []
                scheduled = false
            }
            return (queued, afterwards)
        }
        for part in parts { channel.write(part, promise: nil) }
        if !parts.isEmpty { channel.flush() }
        thens.forEach { $0() }
    }
}
