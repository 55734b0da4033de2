import Foundation
import NIOCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens a CONNECT tunnel for a protocol whose server speaks first (HTTP/2 with prior knowledge) without HTTP/1
/// handlers: it writes the request and reads the proxy's answer as bytes, and on a 2xx adds the protocol's handlers
/// (`opened`) behind itself, then leaves, handing them whatever the server sent in the same read as the answer.
final class NIORawTunnelHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The longest proxy answer read; a longer one is refused.
    static let headLimit = 16 << 10

    private let authority: String
    private let authorization: String?
    private let promise: EventLoopPromise<Void>
    private let opened: (any Channel) throws -> Void
    private var received = ByteBuffer()
    private var done = false

    /// Adds the handler to `channel`'s pipeline, which writes the CONNECT request; `promise` completes when the tunnel
    /// is open (and `opened` has run) or refused. Must run on the channel's event loop.
    static func start(on channel: any Channel, authority: String, authorization: String?, promise: EventLoopPromise<Void>,
                      opened: @escaping (any Channel) throws -> Void) throws {
        try channel.pipeline.syncOperations.addHandler(NIORawTunnelHandler(authority: authority, authorization: authorization,
                                                                           promise: promise, opened: opened))
    }

    private init(authority: String, authorization: String?, promise: EventLoopPromise<Void>, opened: @escaping (any Channel) throws -> Void) {
        self.authority = authority
        self.authorization = authorization
        self.promise = promise
        self.opened = opened
    }

    func handlerAdded(context: ChannelHandlerContext) {
        var head = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if let authorization { head += "Proxy-Authorization: \(authorization)\r\n" }
        head += "\r\n"
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: head)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !done else { return context.fireChannelRead(data) }
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        let view = received.readableBytesView
        guard let end = view.firstRange(of: [13, 10, 13, 10]) else {
            if received.readableBytes > Self.headLimit { fail(context, URLError(.cannotConnectToHost, detail: "the proxy's answer to CONNECT is too long")) }
            return
        }
        let headLength = end.upperBound - view.startIndex
        let head = received.readString(length: headLength) ?? ""
        let status = head.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        guard (200..<300).contains(status) else {
            let line = head.split(separator: "\r\n").first.map(String.init) ?? ""
            return fail(context, URLError(.cannotConnectToHost, detail: "the proxy refused the connection (\(line.dropFirst(9)))"))
        }
        done = true
        do { try opened(context.channel) } catch { return fail(context, error) }
        let rest = received
        received = ByteBuffer()
        promise.succeed(())
        if rest.readableBytes > 0 {
            context.fireChannelRead(wrapInboundOut(rest))
            context.fireChannelReadComplete()
        }
        context.pipeline.syncOperations.removeHandler(context: context).whenComplete { _ in }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(context, error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done {
            done = true
            promise.fail(URLError(.cannotConnectToHost, detail: "the proxy closed the connection before opening a tunnel"))
        }
        context.fireChannelInactive()
    }

    private func fail(_ context: ChannelHandlerContext, _ error: any Error) {
        guard !done else { return context.fireErrorCaught(error) }
        done = true
        promise.fail(error)
        context.close(promise: nil)
    }
}
