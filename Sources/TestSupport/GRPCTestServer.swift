import ExplorerGRPC
import Foundation
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A gRPC server on 127.0.0.1 for the tests, written on NIOHTTP2 with no generated code: it serves `shop.v1.Inventory`
/// from the test fixtures' descriptor set (the four call kinds, errors with details, metadata echoed, gzip) and
/// server reflection (v1, or only v1alpha, or none).
public final class GRPCTestServer: @unchecked Sendable {
    /// Which reflection services the server offers.
    public enum Reflection: Sendable {
        case v1, v1alphaOnly, none
    }

    /// The port it listens on.
    public let port: Int
    /// True when it speaks TLS (grpcs).
    public let isTLS: Bool
    /// What it received.
    public let log = GRPCTestCallLog()
    let schema: ProtoSchema
    let descriptorSet: Data
    let reflection: Reflection
    private let group: MultiThreadedEventLoopGroup
    private var channel: (any Channel)?

    /// The fixtures' descriptor set: `Tests/ExplorerGRPCTests/Fixtures/shop.protoset` (made by make-fixtures.sh).
    public static func fixturesDirectory(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/ExplorerGRPCTests/Fixtures")
    }

    /// Starts the server; with a certificate and key it speaks TLS with ALPN `h2`, and with `clientCAFile` it requires
    /// a client certificate signed by that CA.
    public init(reflection: Reflection = .v1, certificateFile: String? = nil, keyFile: String? = nil, clientCAFile: String? = nil) throws {
        descriptorSet = try Data(contentsOf: Self.fixturesDirectory().appendingPathComponent("shop.protoset"))
        schema = try ProtoSchema(descriptorSet: descriptorSet)
        self.reflection = reflection
        var context: NIOSSLContext?
        if let certificateFile, let keyFile {
            var tls = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(certificateFile).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem)))
            tls.applicationProtocols = ["h2"]
            if let clientCAFile {
                tls.certificateVerification = .noHostnameVerification
                tls.trustRoots = .file(clientCAFile)
            }
            context = try NIOSSLContext(configuration: tls)
        }
        isTLS = context != nil
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let tlsContext = context
        let (schema, log, reflection) = (schema, log, reflection)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tlsContext { try pipeline.addHandler(NIOSSLServerHandler(context: tlsContext)) }
                    _ = try pipeline.configureHTTP2Pipeline(
                        mode: .server, connectionConfiguration: .init(), streamConfiguration: .init(), streamDelegate: nil,
                        inboundStreamInitializer: { stream in
                            stream.eventLoop.makeCompletedFuture { try stream.pipeline.syncOperations.addHandler(GRPCTestStreamHandler(schema: schema, log: log, reflection: reflection)) }
                        })
                }
            }
        let bound = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        channel = bound
        port = bound.localAddress?.port ?? 0
    }

    /// `grpc://127.0.0.1:PORT` (grpcs for TLS).
    public var url: URL {
        URL(string: "\(isTLS ? "grpcs" : "grpc")://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops listening and closes every connection.
    public func stop() {
        try? channel?.close().wait()
        try? group.syncShutdownGracefully()
    }

    deinit { try? group.syncShutdownGracefully() }
}
