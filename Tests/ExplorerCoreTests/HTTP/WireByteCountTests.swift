import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

/// A compressed body is decoded as it arrives; its size on the wire is kept beside the decoded size.
@Suite("A compressed body keeps its size on the wire")
struct WireByteCountTests {
    static let server = Result { try FaultServer(routes: [
        "/gzip": .gzipBomb(expandedBytes: 2000),
        "/plain": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "plain"),
    ]) }

    func send(_ path: String, over transport: TransportKind) async throws -> Request.Response {
        try await Request(.get, url: try WireByteCountTests.server.get().url(path), session: ExplorerSession.make()).over(transport).send()
    }

    @Test(arguments: TransportKind.allCases)
    func aGzipBodyKeepsItsSizeOnTheWire(transport: TransportKind) async throws {
        let wire = GzipBomb.make(expandedBytes: 2000).count
        let response = try await send("/gzip", over: transport)
        #expect(response.byteCount == 2000)
        #expect(response.wireByteCount == wire)
        #expect(MeasurementText.bodySize(response.byteCount, onTheWire: response.wireByteCount) == "2.0 KB (\(wire) B on the wire)")
        let plain = try await send("/plain", over: transport)
        #expect(plain.wireByteCount == nil && MeasurementText.bodySize(plain.byteCount, onTheWire: plain.wireByteCount) == "5 B")
    }

    /// Over TLS, HTTP/1.1 and HTTP/2 (where the decompressor sits on each stream and header names arrive lowercased):
    /// the wire size is counted before decoding and the repeated header stays apart, in order.
    @Test(arguments: [false, true])
    func overTLSAndHTTP2TheWireSizeAndRepeatedHeadersComeThrough(http2: Bool) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey, http2: http2)
        defer { server.stop() }
        let response = try await Request(.get, url: server.url("/gzip")).configured {
            $0.transport = .swiftNIO
            $0.tls.caCertificatesFile = certificates.caCertificate
        }.send()
        #expect(response.connection?.httpVersion == (http2 ? "HTTP/2" : "HTTP/1.1"))
        #expect(response.byteCount == 2000 && response.wireByteCount == GzipBomb.make(expandedBytes: 2000).count)
        let names = response.headers.fields.map { $0.name.lowercased() }.filter { $0 == "set-cookie" || $0 == "x-between" }
        #expect(names == ["set-cookie", "x-between", "set-cookie"], "\(response.headers)")
        #expect(response.headers.values(for: "Set-Cookie") == ["a=1; Path=/", "c=3; Path=/; HttpOnly"])
    }
}
