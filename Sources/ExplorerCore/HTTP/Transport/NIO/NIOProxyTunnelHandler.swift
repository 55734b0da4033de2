import Foundation
import NIOCore
import NIOHTTP1
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Asks an HTTP proxy to open a tunnel (`CONNECT host:port`) on a connection being opened for https, and once the
/// proxy agrees takes the HTTP/1 handlers it used out of the pipeline (and itself), so TLS can start through the tunnel.
final class NIOProxyTunnelHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let authority: String
    private let authorization: String?
    private let encoder: HTTPRequestEncoder
    private let decoder: ByteToMessageHandler<HTTPResponseDecoder>
    private let promise: EventLoopPromise<Void>
    private var refusal: URLError?
    private var agreed = false
    private var done = false

    /// Adds the handlers to `channel`'s pipeline and writes the CONNECT request; `promise` completes when the tunnel is
    /// open or refused. Must run on the channel's event loop.
    static func start(on channel: any Channel, authority: String, authorization: String?, promise: EventLoopPromise<Void>) throws {
        let handler = NIOProxyTunnelHandler(authority: authority, authorization: authorization, promise: promise)
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(handler.encoder)
        try pipeline.addHandler(handler.decoder)
        try pipeline.addHandler(handler)
    }

    private init(authority: String, authorization: String?, promise: EventLoopPromise<Void>) {
        self.authority = authority
        self.authorization = authorization
        self.promise = promise
        encoder = HTTPRequestEncoder()
        decoder = ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .forwardBytes))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        var head = HTTPRequestHead(version: .http1_1, method: .CONNECT, uri: authority)
        head.headers.add(name: "Host", value: authority)
        if let authorization { head.headers.add(name: "Proxy-Authorization", value: authorization) }
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if (200..<300).contains(head.status.code) {
                agreed = true
            } else {
                refusal = URLError(.cannotConnectToHost, detail: "the proxy refused the connection (\(head.status.code) \(head.status.reasonPhrase))")
            }
        case .body:
            break
        case .end:
            guard agreed else { return finish(refusal ?? URLError(.cannotConnectToHost, detail: "the proxy refused the connection")) }
            let pipeline = context.pipeline.syncOperations
            let removed = [pipeline.removeHandler(self), pipeline.removeHandler(decoder), pipeline.removeHandler(encoder)]
            let promise = promise
            done = true
            EventLoopFuture.andAllSucceed(removed, on: context.eventLoop).cascade(to: promise)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(refusal ?? URLError(.cannotConnectToHost, detail: "the proxy closed the connection before opening a tunnel"))
        context.fireChannelInactive()
    }

    private func finish(_ error: any Error) {
        guard !done else { return }
        done = true
        promise.fail(error)
    }
}
