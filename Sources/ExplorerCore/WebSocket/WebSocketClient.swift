import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens WebSocket connections over the same connector as HTTP requests: DNS, TCP, a CONNECT tunnel through a proxy,
/// TLS with the request's verification and certificates, then the RFC 6455 handshake.
public enum WebSocketClient {
    /// Connects to `url` (ws:// or wss://) and completes the handshake; throws `WebSocketFailure`.
    public static func connect(to url: URL, options: WebSocketOptions = WebSocketOptions()) async throws(WebSocketFailure) -> WebSocketConnection {
        guard let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss",
              url.host?.isEmpty == false else { throw .notWebSocketURL(url.absoluteString) }
        var verified = options.tls
        verified.verify = options.verifyTLS
        let tls = verified
        let key: NIOPoolKey
        do { key = try NIOPoolKey.connection(to: url, isTLS: scheme == "wss", tls: tls, proxy: options.proxy) } catch {
            throw .transport(error.localizedDescription)
        }
        do {
            guard let connection = try await NIOConnector.opening(within: options.handshakeTimeout, {
                try await handshake(url: url, key: key, options: options, tls: tls)
            }) else {
                throw WebSocketFailure.handshakeTimedOut(seconds: options.handshakeTimeout)
            }
            return connection
        } catch let failure as WebSocketFailure {
            throw failure
        } catch let error as URLError {
            throw .transport(error.connectionFailureText)
        } catch {
            throw .transport(URLError.fromNIO(error, head: nil, received: 0).connectionFailureText)
        }
    }

    private static func handshake(url: URL, key: NIOPoolKey, options: WebSocketOptions, tls: TLSOptions) async throws -> WebSocketConnection {
        let (channel, _) = try await NIOConnector.connected(key: key, group: MultiThreadedEventLoopGroup.singleton)
        do {
            return try await withTaskCancellationHandler {
                try await NIOConnector.tunnel(channel, key: key, always: true)
                return try await upgrade(channel, url: url, key: key, options: options, tls: tls)
            } onCancel: {
                channel.close(promise: nil)
            }
        } catch {
            channel.close(promise: nil)
            throw error
        }
    }

    private static func upgrade(_ channel: any Channel, url: URL, key: NIOPoolKey, options: WebSocketOptions, tls: TLSOptions) async throws -> WebSocketConnection {
        var sslContext: NIOSSLContext?
        if key.isTLS {
            var configuration = try tls.makeTLSConfiguration()
            // The upgrade is an HTTP/1.1 exchange (RFC 8441's HTTP/2 WebSockets are rare).
            configuration.applicationProtocols = ["http/1.1"]
            sslContext = try NIOSSLContext(configuration: configuration)
        }
        let (events, continuation) = AsyncThrowingStream.makeStream(of: WebSocketEvent.self, throwing: (any Error).self)
        let closeState = WebSocketCloseState()
        let upgraded = channel.eventLoop.makePromise(of: Void.self)
        let answer = NIOLoopBoundBox.makeEmptyBox(valueType: HTTPResponseHead.self, eventLoop: channel.eventLoop)
        let refusal = WebSocketHandshakeRefusal(promise: upgraded, host: key.host)
        let limit = options.maxMessageSize
        // Errors are answered by WebSocketFrameHandler, which reports them before its close frame goes out.
        let upgrader = NIOWebSocketClientUpgrader(maxFrameSize: limit, automaticErrorHandling: false) { channel, head in
            answer.value = head
            return channel.pipeline.removeHandler(refusal).flatMap {
                channel.pipeline.addHandlers([
                    NIOWebSocketFrameAggregator(minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: Int.max, maxAccumulatedFrameSize: limit),
                    WebSocketFrameHandler(continuation: continuation, closeState: closeState, limit: limit),
                ])
            }
        }
        try await channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            if let sslContext {
                try pipeline.addHandler(try NIOSSLClientHandler(context: sslContext, serverHostname: key.hostIsAddress ? nil : key.host))
            }
            // Bytes read past the 101's head (a greeting the server wrote with it, as RFC 6455 allows) belong to the
            // frame decoder: NIO's default drops them when the HTTP decoder is removed.
            try pipeline.addHTTPClientHandlers(leftOverBytesStrategy: .forwardBytes,
                                               withClientUpgrade: (upgraders: [upgrader], completionHandler: { _ in upgraded.succeed(()) }))
            try pipeline.addHandler(refusal)
        }.get()
        var headers = NIOHTTP1.HTTPHeaders()
        headers.add(name: "Host", value: key.authority.hasSuffix(key.isTLS ? ":443" : ":80") ? key.host : key.authority)
        for header in options.headers where !header.name.isEmpty { headers.add(name: header.name, value: header.value) }
        if !options.protocols.isEmpty { headers.replaceOrAdd(name: "Sec-WebSocket-Protocol", value: options.protocols.joined(separator: ", ")) }
        var target = url.path.isEmpty ? "/" : URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        if target.isEmpty { target = "/" }
        if let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery { target += "?" + query }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        // Not awaited: when the TLS handshake fails the write fails too, and the refusal (which certificate, and why)
        // comes through the handshake's promise.
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        try await upgraded.futureResult.get()
        let response = try await channel.eventLoop.submit { answer.value }.get()
        let responseHeaders = response.map { $0.headers.map { (name: $0.name, value: $0.value) } } ?? []
        let chosen = response?.headers["Sec-WebSocket-Protocol"].first
        return WebSocketConnection(channel: channel, events: events, closeState: closeState, subprotocol: chosen, responseHeaders: responseHeaders)
    }
}
