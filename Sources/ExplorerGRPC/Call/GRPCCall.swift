import ExplorerCore
import NIOCore

/// One call in progress: send request messages, half-close, or cancel, and read what comes back from `events`, which
/// always ends with `.end` (the status), whichever way the call ends.
public final class GRPCCall: Sendable {
    /// The server's headers, each reply message, then the status and trailers.
    public let events: AsyncStream<GRPCEvent>
    private let handler: NIOLoopBound<GRPCStreamHandler>
    private let gzip: Bool

    init(events: AsyncStream<GRPCEvent>, handler: NIOLoopBound<GRPCStreamHandler>, gzip: Bool) {
        self.events = events
        self.handler = handler
        self.gzip = gzip
    }

    /// Sends one request message (encoded; framed and, with gzip on, compressed here).
    public func send(_ message: [UInt8]) {
        let framed = GRPCMessageFramer.frame(gzip ? ZlibCodec.compress(message) : message, compressed: gzip)
        let handler = self.handler
        handler.eventLoop.execute { handler.value.send(framed) }
    }

    /// Says the client has nothing more to send (END_STREAM); the server answers then, for unary and client streams.
    public func closeSending() {
        let handler = self.handler
        handler.eventLoop.execute { handler.value.closeSending() }
    }

    /// Cancels the call (RST_STREAM CANCEL); its events end with CANCELLED and `reason`.
    public func cancel(_ reason: String = "cancelled by the client") {
        let handler = self.handler
        handler.eventLoop.execute { handler.value.cancel(reason) }
    }
}
