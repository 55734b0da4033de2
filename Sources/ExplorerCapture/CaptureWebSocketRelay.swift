import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A WebSocket upgrade through the proxy: the request goes to the upstream as the client sent it, and from then on
/// bytes pass both ways untouched while a recorder reads the conversation, reported once either side closes.
enum CaptureWebSocketRelay {
    /// What the client's connection hands over when its request turns out to be an upgrade.
    struct Handover {
        let context: ChannelHandlerContext
        let head: HTTPRequestHead
        let url: String
        let httpHandlers: [any RemovableChannelHandler]
        let number: Int
    }

    /// Connects to the upstream and joins the two connections; `refused` answers the client when the upstream cannot
    /// be reached.
    static func start(_ handover: Handover, session: CaptureSession, refused: @escaping @Sendable (String) -> Void) {
        let context = handover.context
        guard let components = URLComponents(string: handover.url), let host = components.host, !host.isEmpty else {
            refused("cannot relay a WebSocket to \(handover.url)")
            return
        }
        let secure = components.scheme?.lowercased() == "https"
        let port = components.port ?? (secure ? 443 : 80)
        let tls: NIOSSLContext?
        do {
            if secure {
                var options = TLSOptions(caCertificatesFile: session.options.caCertificatesFile)
                options.verify = !session.options.insecureUpstream
                tls = try NIOSSLContext(configuration: options.makeTLSConfiguration())
            } else {
                tls = nil
            }
        } catch {
            refused("\(error)")
            return
        }
        let recorder = CaptureWebSocketRecorder()
        let sentAt = Date()
        let headers = CaptureHeaders.upstream(handover.head.headers)
        let request = Request(.get, urlString: (secure ? "wss" : "ws") + handover.url.drop { $0 != ":" }, headers: headers,
                              configuration: session.upstreamConfiguration)
        let number = handover.number
        let url = handover.url
        let report: @Sendable (String?) -> Void = { failure in
            guard let conversation = recorder.finish() else { return }
            session.finished(CapturedExchange(number: number, kind: .webSocket, sentAt: sentAt, request: request, requestBody: Data(),
                                              response: nil, failure: failure, conversation: failure == nil ? conversation : nil))
        }
        // Both connections live on the client's event loop, so the handlers can be handed between them there.
        let upstreamGlue = NIOLoopBound(CaptureGlueHandler(recorder: recorder, direction: .fromServer, ended: { report(nil) }), eventLoop: context.eventLoop)
        let serverName = CaptureAuthority.addressBytes(host) == nil ? host : nil
        let connected = ClientBootstrap(group: context.eventLoop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(Int64(session.options.upstreamTimeout)))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName)) }
                    try channel.pipeline.syncOperations.addHandler(upstreamGlue.value)
                }
            }
            .connect(host: host, port: port)
        let head = handover.head
        let handlers = NIOLoopBound(handover.httpHandlers, eventLoop: context.eventLoop)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        connected.whenComplete { result in
            let context = bound.value
            switch result {
            case let .failure(error):
                refused("\(url): \(error)")
                report("\(error)")
            case let .success(upstream):
                let clientGlue = CaptureGlueHandler(recorder: recorder, direction: .fromClient, ended: { report(nil) })
                clientGlue.partner = upstream
                upstreamGlue.value.partner = context.channel
                do {
                    let pipeline = context.pipeline.syncOperations
                    try pipeline.addHandler(clientGlue)
                    for handler in handlers.value { pipeline.removeHandler(handler, promise: nil) }
                } catch {
                    upstream.close(promise: nil)
                    context.close(promise: nil)
                    return
                }
                upstream.writeAndFlush(ByteBuffer(string: requestHead(head, components: components)), promise: nil)
            }
        }
    }

    /// The upgrade request as the upstream expects it: origin form, the client's headers but the proxy's own.
    static func requestHead(_ head: HTTPRequestHead, components: URLComponents) -> String {
        let target = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        var text = "\(head.method.rawValue) \(target) HTTP/1.1\r\n"
        var hasHost = false
        for (name, value) in head.headers {
            let lower = name.lowercased()
            if lower == "proxy-connection" || lower == "proxy-authorization" { continue }
            if lower == "host" { hasHost = true }
            text += "\(name): \(value)\r\n"
        }
        if !hasHost, let host = components.host {
            text += "Host: \(host.contains(":") ? "[\(host)]" : host)\(components.port.map { ":\($0)" } ?? "")\r\n"
        }
        return text + "\r\n"
    }
}
