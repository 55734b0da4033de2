import NIOCore

/// A connection's record and how many requests it has carried, confined to the connection's event loop. On HTTP/2 it
/// sits at the end of the connection's pipeline, where each stream finds it through its parent channel; it passes
/// every event on untouched.
final class ConnectionTag: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// What the connection is.
    let record: ConnectionRecord
    /// Request heads it has sent so far (on HTTP/2, over all its streams).
    var requestsCarried = 0

    init(record: ConnectionRecord) {
        self.record = record
    }
}
