import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// An HTTPS server on 127.0.0.1 and a free port, built on SwiftNIO and NIOSSL, for TLS tests: it can ask for a client
/// certificate, offer HTTP/2 by ALPN and present a second certificate on every other connection. Every request gets
/// `200` with a body naming the protocol it came over ("hello over HTTP/1.1", "hello over HTTP/2") and, when one was
/// presented, the client certificate's subject; `/slow` answers after 300 ms.
public final class TLSLoopbackServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    /// The header names of each request received, over HTTP/1.1 and HTTP/2.
    public let received: ReceivedHeaderNames
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    /// Starts serving with the certificate and key in `certificateFile` and `keyFile` (PEM). With `clientCAFile`,
    /// a client certificate signed by that CA is required; with `http2`, "h2" is offered before "http/1.1"; with
    /// `alternate` (certificate and key files), the second, fourth, … connection gets that certificate instead; with
    /// `goAwayAfter`, an HTTP/2 connection sends GOAWAY once that many streams have opened on it (they finish, no more open).
    public init(certificateFile: String, keyFile: String, clientCAFile: String? = nil, http2: Bool = false,
                alternate: (certificateFile: String, keyFile: String)? = nil, goAwayAfter: Int? = nil) throws {
        func context(certificateFile: String, keyFile: String) throws -> NIOSSLContext {
            var tls = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(certificateFile).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem)))
            if let clientCAFile {
                tls.certificateVerification = .noHostnameVerification
                tls.trustRoots = .file(clientCAFile)
            }
            tls.applicationProtocols = http2 ? ["h2", "http/1.1"] : ["http/1.1"]
            return try NIOSSLContext(configuration: tls)
        }
        let first = try context(certificateFile: certificateFile, keyFile: keyFile)
        let second = try alternate.map { try context(certificateFile: $0.certificateFile, keyFile: $0.keyFile) } ?? first
        // Child channels are set up one at a time on the server's single event loop.
        let accepted = CallCounter()
        let received = ReceivedHeaderNames()
        self.received = received
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                accepted.increment()
                let context = accepted.value % 2 == 1 ? first : second
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }.flatMap {
                    channel.configureHTTP2SecureUpgrade(
                        h2ChannelConfigurator: { connection in
                            let streams = CallCounter()
                            return connection.configureHTTP2Pipeline(mode: .server) { stream in
                                stream.eventLoop.makeCompletedFuture {
                                    try stream.pipeline.syncOperations.addHandlers([
                                        HTTP2FramePayloadToHTTP1ServerCodec(),
                                        TLSLoopbackHandler(protocolName: "HTTP/2", received: received),
                                    ])
                                    // The connection's last stream: GOAWAY lets it finish and refuses any after it.
                                    streams.increment()
                                    if let goAwayAfter, streams.value == goAwayAfter,
                                       let id = try stream.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID) {
                                        let frame = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: id, errorCode: .noError, opaqueData: nil))
                                        connection.writeAndFlush(NIOAny(frame), promise: nil)
                                    }
                                }
                            }.map { _ in }
                        },
                        http1ChannelConfigurator: { channel in
                            channel.pipeline.configureHTTPServerPipeline().flatMap {
                                channel.eventLoop.makeCompletedFuture {
                                    try channel.pipeline.syncOperations.addHandler(TLSLoopbackHandler(protocolName: "HTTP/1.1", received: received))
                                }
                            }
                        })
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

    /// An https URL for `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: "https://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops listening and closes every connection.
    public func stop() {
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }
}
