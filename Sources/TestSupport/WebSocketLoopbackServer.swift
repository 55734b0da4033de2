import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// A WebSocket server on 127.0.0.1 and a free port (TLS when given a certificate), for the client's tests. It picks
/// the first subprotocol offered, refuses the handshake on `/refuse` with 401, and answers text messages:
/// `fragments` → "fragments" in three frames, `binary` → bytes 00 01 02 FF, `ping` → a ping "are you there" and,
/// when the pong comes back, "pong: are you there", `close` → close 4001 "bye", `big:N` → N × "x", `bad-utf8` → a text
/// frame that is not UTF-8; anything else (text or binary) is echoed. A client's ping is answered and its close echoed
/// (its code kept in `closes`).
public final class WebSocketLoopbackServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    /// The handshake headers of each connection, in order (names lower-cased).
    public let handshakes: WebSocketHandshakeLog
    /// The close codes clients sent, in order.
    public let closes: WebSocketCloseLog
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let isTLS: Bool

    /// Starts serving; with `certificateFile` and `keyFile` (PEM) it speaks wss.
    public init(certificateFile: String? = nil, keyFile: String? = nil) throws {
        var context: NIOSSLContext?
        if let certificateFile, let keyFile {
            let tls = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(certificateFile).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem)))
            context = try NIOSSLContext(configuration: tls)
        }
        isTLS = context != nil
        let handshakes = WebSocketHandshakeLog()
        self.handshakes = handshakes
        let closes = WebSocketCloseLog()
        self.closes = closes
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                // The refusing handler answers plain HTTP; after an upgrade the frames must not pass through it.
                let refusing = WebSocketRefusingHandler()
                let upgrader = NIOWebSocketServerUpgrader(
                    shouldUpgrade: { channel, head in
                        handshakes.append(head.headers.map { ($0.name.lowercased(), $0.value) })
                        guard head.uri != "/refuse" else { return channel.eventLoop.makeSucceededFuture(nil) }
                        var headers = HTTPHeaders()
                        let offered = head.headers["Sec-WebSocket-Protocol"].flatMap { $0.split(separator: ",") }
                        if let first = offered.first { headers.add(name: "Sec-WebSocket-Protocol", value: first.trimmingCharacters(in: .whitespaces)) }
                        return channel.eventLoop.makeSucceededFuture(headers)
                    },
                    upgradePipelineHandler: { channel, _ in
                        channel.pipeline.removeHandler(refusing).flatMap { channel.pipeline.addHandler(WebSocketLoopbackHandler(closes: closes)) }
                    })
                return channel.eventLoop.makeCompletedFuture {
                    if let context { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context)) }
                }.flatMap {
                    channel.pipeline.configureHTTPServerPipeline(withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }.flatMap {
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(refusing) }
                }
            }
        do {
            channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        port = channel.localAddress?.port ?? 0
    }

    /// A ws (or wss) URL for `path` on this server.
    public func url(_ path: String = "/") -> URL {
        URL(string: "\(isTLS ? "wss" : "ws")://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops listening and closes every connection.
    public func stop() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}
