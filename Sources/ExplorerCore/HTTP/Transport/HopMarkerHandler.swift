import NIOCore
import NIOHTTP1

/// Sits just before the HTTP/1 encoder (or an HTTP/2 stream's codec) and takes the transport's hop marker header out
/// of each request head before it reaches the wire, telling the `ConnectionLog` which connection carried that hop and
/// how many requests the connection had carried before. Per request it reads and removes one header, nothing more.
final class HopMarkerHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    private let tag: ConnectionTag
    private let log: ConnectionLog

    init(tag: ConnectionTag, log: ConnectionLog) {
        self.tag = tag
        self.log = log
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        let previous = tag.requestsCarried
        tag.requestsCarried = previous + 1
        guard let marker = head.headers.first(name: ConnectionLog.markerHeader) else { return context.write(data, promise: promise) }
        head.headers.remove(name: ConnectionLog.markerHeader)
        if let hop = Int(marker) { log.carried(hop: hop, on: tag.record, previous: previous) }
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
