import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streams one AHC response into a `HopReceiver`: the head as an `HTTPURLResponse`, each decoded body chunk as it
/// arrives (nothing is gathered here, so memory stays bounded whatever the body's size), then the end.
final class AsyncHTTPClientHopDelegate: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void

    private let url: URL
    private let events: HopReceiver
    /// Run when the hop ends, so the transport stops waiting to learn its connection (it may never have had one).
    private let ended: @Sendable () -> Void

    init(url: URL, events: HopReceiver, ended: @escaping @Sendable () -> Void) {
        self.url = url
        self.events = events
        self.ended = ended
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        // NIO reads a byte that is not UTF-8 in the head as U+FFFD; the response is refused, as FoundationNetworking does,
        // so both transports give the same one-line reason.
        // Checked on Unicode scalars: `String.contains(String)` goes through Foundation here, at ~7 µs a response.
        let undecodableText = { (text: String) in text.unicodeScalars.contains("\u{FFFD}") }
        let undecodable = undecodableText(head.status.reasonPhrase)
            || head.headers.contains { undecodableText($0.name) || undecodableText($0.value) }
        if undecodable {
            events.finished(error: URLError(.cannotParseResponse, detail: "invalid header: the server sent a status or header line that is not valid UTF-8"))
            task.cancel()
            return task.eventLoop.makeSucceededVoidFuture()
        }
        // Repeated fields are joined under the name they first came with, matched without regard to case.
        var fields: [String: String] = [:]
        var nameFor: [String: String] = [:]
        for (name, carried) in head.headers {
            let value = HeadControlByteEscaper.restore(carried)
            let folded = name.lowercased()
            if let existing = nameFor[folded], let joined = fields[existing] {
                fields[existing] = joined + ", " + value
            } else {
                nameFor[folded] = name
                fields[name] = value
            }
        }
        let version = head.version.major >= 2 ? "HTTP/2" : "HTTP/\(head.version.major).\(head.version.minor)"
        if let response = HTTPURLResponse(url: url, statusCode: Int(head.status.code), httpVersion: version, headerFields: fields) {
            events.received(head: response, connection: ConnectionDetails(httpVersion: version))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        events.received(body: Data(buffer.readableBytesView))
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        ended()
        events.finished(error: URLError.fromNIO(error, url: url, head: events.head, received: events.receivedCount))
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        ended()
        events.finished(error: nil)
    }
}
