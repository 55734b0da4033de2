import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

/// Each hop on both SwiftNIO transports knows the exact connection that carried it (number, address, new or
/// reused, its TLS session), and the marker header that tells it so never reaches a server.
@Suite("Connections: which connection carried each hop")
struct ConnectionTraceTests {
    func send(_ url: URL, over transport: TransportKind, _ change: (inout Request.Configuration) -> Void = { _ in }) async throws -> Request.Response {
        try await Request(.get, url: url).configured {
            $0.transport = transport
            $0.timeoutInterval = 20
            change(&$0)
        }.send()
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aSecondRequestReusesTheFirstOnesKeepAliveConnection(transport: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        let first = try await send(server.url("/echo"), over: transport)
        let second = try await send(server.url("/echo"), over: transport)
        await server.stop()
        let opened = try #require(first.connection)
        let reused = try #require(second.connection)
        let number = try #require(opened.number)
        #expect(!opened.reused && opened.remoteAddress == "127.0.0.1:\(server.port)" && opened.tls == nil, "\(opened)")
        #expect((first.timing.connect ?? 0) > 0 && (first.timing.connect ?? 0) <= (first.timing.firstByte ?? 0), "\(first.timing)")
        #expect(reused.reused && reused.number == number && reused.remoteAddress == opened.remoteAddress, "\(reused)")
        #expect(second.timing.connect == nil, "\(second.timing)")
        // An IP address needs no DNS and http no TLS: only the TCP connect is measured, and it is part of the whole.
        #expect(first.timing.dns == nil && first.timing.tlsHandshake == nil, "\(first.timing)")
        #expect((first.timing.tcp ?? 0) > 0 && (first.timing.tcp ?? 0) <= (first.timing.connect ?? 0), "\(first.timing)")
        #expect(second.timing.tcp == nil, "a reused connection was not opened: \(second.timing)")
        let opening = ResponseTrace.lines(for: first).joined(separator: "\n")
        #expect(opening.contains("new connection #\(number) to 127.0.0.1:\(server.port), ready after "), "\(opening)")
        #expect(opening.contains("  tcp ") && !opening.contains("(DNS"), "\(opening)")
        let again = ResponseTrace.lines(for: second).joined(separator: "\n")
        #expect(again.contains("reused connection #\(number) to 127.0.0.1:\(server.port)\n") && !again.contains("ready after"), "\(again)")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func eachTLSResponseShowsTheCertificateOfItsOwnConnection(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let signed = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey)
        defer { signed.stop() }
        let selfSigned = try TLSLoopbackServer(certificateFile: certificates.selfSignedCertificate, keyFile: certificates.selfSignedKey)
        defer { selfSigned.stop() }
        let off: (inout Request.Configuration) -> Void = { $0.verifiesTLSCertificates = false }
        let first = try await send(signed.url("/"), over: transport, off)
        let other = try await send(selfSigned.url("/"), over: transport, off)
        let again = try await send(signed.url("/"), over: transport, off)
        let a = try #require(first.connection), b = try #require(other.connection), c = try #require(again.connection)
        #expect(a.tls?.subject == "CN=127.0.0.1" && a.tls?.issuer == "CN=apiexplorer test CA", "\(a)")
        #expect(b.tls?.subject == "CN=self-signed 127.0.0.1", "\(b)")
        #expect(c.tls?.subject == "CN=127.0.0.1", "the third response came over the first connection, not the latest one: \(c)")
        #expect(a.remoteAddress == "127.0.0.1:\(signed.port)" && b.remoteAddress == "127.0.0.1:\(selfSigned.port)")
        #expect(a.number != nil && b.number != nil && a.number != b.number && !a.reused && !b.reused, "\(a) \(b)")
        #expect(c.reused && c.number == a.number, "\(c)")
        let trace = ResponseTrace.lines(for: first).joined(separator: "\n")
        #expect(trace.contains("certificate  CN=127.0.0.1"), "\(trace)")
        #expect(trace.contains("  tcp ") && trace.contains("  tls ") && !trace.contains("(DNS"), "\(trace)")
        #expect((first.timing.tlsHandshake ?? 0) > 0 && (first.timing.tlsHandshake ?? 0) < (first.timing.connect ?? 0), "\(first.timing)")
        #expect(signed.received.all.count == 2 && selfSigned.received.all.count == 1)
    }

    /// Two connections to one port with different certificates: each response shows its own connection's, where
    /// the TLS details used to be looked up by port and showed the latest connection's.
    @Test(arguments: TransportKind.overSwiftNIO) func aResponseShowsItsOwnConnectionsCertificateNotTheLatestOneToItsPort(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey,
                                           alternate: (certificates.selfSignedCertificate, certificates.selfSignedKey))
        defer { server.stop() }
        let first = try await send(server.url("/"), over: transport) { $0.verifiesTLSCertificates = false }
        // The slow request holds the first connection while another request opens a second one, which gets the other
        // certificate; the slow response arrives 300 ms later, long after the second handshake.
        async let slow = send(server.url("/slow"), over: transport) { $0.verifiesTLSCertificates = false }
        for _ in 0..<2000 where server.received.all.count < 2 { try await Task.sleep(for: .milliseconds(5)) }
        let meanwhile = try await send(server.url("/"), over: transport) { $0.verifiesTLSCertificates = false }
        let held = try await slow
        let a = try #require(first.connection), b = try #require(meanwhile.connection), h = try #require(held.connection)
        #expect(a.tls?.subject == "CN=127.0.0.1" && !a.reused, "\(a)")
        // Usually the slow request reuses the first connection and the second request opens another; when the first
        // connection is not back in the pool yet, the two swap. Either way two connections carried the three
        // responses, and each response shows the certificate of the connection it came over.
        let all = [a, b, h]
        #expect(Set(all.compactMap(\.number)).count == 2, "\(all)")
        for one in all {
            for other in all where other.number == one.number { #expect(one.tls?.subject == other.tls?.subject, "\(one) \(other)") }
            for other in all where other.number != one.number { #expect(one.tls?.subject != other.tls?.subject, "\(one) \(other)") }
        }
        #expect(server.received.all.count == 3, "\(server.received.all)")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func http2RequestsKnowTheirConnectionToo(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey, http2: true)
        defer { server.stop() }
        let trust: (inout Request.Configuration) -> Void = { $0.tls.caCertificatesFile = certificates.caCertificate }
        let first = try await send(server.url("/"), over: transport, trust)
        let second = try await send(server.url("/"), over: transport, trust)
        #expect(first.text == "hello over HTTP/2" && second.text == "hello over HTTP/2")
        let a = try #require(first.connection), b = try #require(second.connection)
        #expect(a.httpVersion == "HTTP/2" && a.number != nil && !a.reused && a.remoteAddress == "127.0.0.1:\(server.port)", "\(a)")
        #expect(a.tls?.subject == "CN=127.0.0.1", "\(a)")
        #expect((first.timing.connect ?? 0) > 0, "\(first.timing)")
        #expect(b.httpVersion == "HTTP/2" && b.reused && b.number == a.number, "\(b)")
        // Streams in flight together share the connection, each told it.
        async let x = send(server.url("/slow"), over: transport) { $0.tls.caCertificatesFile = certificates.caCertificate }
        async let y = send(server.url("/slow"), over: transport) { $0.tls.caCertificatesFile = certificates.caCertificate }
        async let z = send(server.url("/slow"), over: transport) { $0.tls.caCertificatesFile = certificates.caCertificate }
        for response in try await [x, y, z] {
            #expect(response.connection?.number == a.number && response.connection?.reused == true, "\(String(describing: response.connection))")
        }
        #expect(server.received.all.count == 5, "\(server.received.all)")
    }

    /// The first request with a CA file waits while the TLS context is made (the system's trust store and the file are
    /// read); the trace names that step, and any wait before opening began, so the phases add up to "ready after". A
    /// second connection with the same options reuses the context and has no such step.
    @Test func thePhasesOfANewTLSConnectionWithACAFileAddUpToReadyAfter() async throws {
        let certificates = try TestCertificates()
        let first = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey)
        defer { first.stop() }
        let second = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey)
        defer { second.stop() }
        let trust: (inout Request.Configuration) -> Void = { $0.tls.caCertificatesFile = certificates.caCertificate }
        let made = try await send(first.url("/"), over: .swiftNIO, trust)
        let reusedContext = try await send(second.url("/"), over: .swiftNIO, trust)
        for response in [made, reusedContext] {
            let timing = response.timing
            let ready = try #require(timing.connect)
            let phases = (timing.tlsSetup ?? 0) + (timing.queued ?? 0) + (timing.dns ?? 0) + (timing.tcp ?? 0) + (timing.tlsHandshake ?? 0)
            #expect(abs(ready - phases) < 0.002, "ready after \(ready * 1000) ms, phases \(phases * 1000) ms: \(timing)")
        }
        #expect((made.timing.tlsSetup ?? 0) > 0 && reusedContext.timing.tlsSetup == nil, "\(made.timing) \(reusedContext.timing)")
        let trace = ResponseTrace.lines(for: made).joined(separator: "\n")
        #expect(trace.contains("             tls setup ") && trace.contains("  tcp ") && trace.contains("  tls "), "\(trace)")
        #expect(!ResponseTrace.lines(for: reusedContext).joined(separator: "\n").contains("tls setup"))
        // A wait under a millisecond is left out of the line; a longer one is named.
        var timing = HopTiming()
        timing.tlsSetup = 0.017
        timing.queued = 0.0004
        timing.tcp = 0.0002
        timing.tlsHandshake = 0.0013
        #expect(ResponseTrace.phases(timing).hasPrefix("tls setup 17 ms  tcp 0.2 ms  tls 1.3 ms"), "\(ResponseTrace.phases(timing))")
        timing.queued = 0.002
        #expect(ResponseTrace.phases(timing).hasPrefix("tls setup 17 ms  queued 2.0 ms  tcp 0.2 ms"), "\(ResponseTrace.phases(timing))")
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aRedirectToAnotherPortOpensANewConnectionForTheSecondHop(transport: TransportKind) async throws {
        let target = try await LoopbackServer.start()
        let origin = try FaultServer(routes: ["/jump": .redirect(to: target.url("/echo").absoluteString)])
        defer { origin.stop() }
        let response = try await send(origin.url("/jump"), over: transport)
        await target.stop()
        #expect(response.statusCode == 200 && response.hops.count == 1)
        let hop = try #require(response.hops.first?.connection)
        let last = try #require(response.connection)
        #expect(hop.remoteAddress == "127.0.0.1:\(origin.port)" && !hop.reused, "\(hop)")
        #expect(last.remoteAddress == "127.0.0.1:\(target.port)" && !last.reused && last.number != hop.number, "\(last)")
        #expect((response.hops.first?.timing.connect ?? 0) > 0 && (response.timing.connect ?? 0) > 0)
        let trace = ResponseTrace.lines(for: response)
        let news = trace.filter { $0.contains("new connection #") }
        #expect(news.count == 2 && news[0].contains(":\(origin.port),") && news[1].contains(":\(target.port),"), "\(trace)")
        #expect(origin.requests(to: "/jump").count == 1)
    }

    @Test func theTraceNamesTheConnectionOfEachHopAndNothingWhenTheTransportDoesNotTell() throws {
        let url = try #require(URL(string: "https://127.0.0.1:8443/a"))
        let next = try #require(URL(string: "https://127.0.0.1:8443/b"))
        var timing = HopTiming()
        timing.connect = 0.0021
        timing.firstByte = 0.003
        timing.end = 0.004
        let tls = TLSDetails(version: "TLSv1.3", subject: "CN=a", issuer: "CN=ca", expires: nil)
        var hop = RedirectHop(method: "GET", url: url, statusCode: 302, location: next, timing: timing)
        hop.connection = ConnectionDetails(httpVersion: "HTTP/1.1", tls: tls, number: 3, remoteAddress: "127.0.0.1:8443")
        var reusedTiming = timing
        reusedTiming.connect = nil
        let http = try #require(HTTPURLResponse(url: next, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:]))
        let response = Request.Response(request: Request(.get, url: url), urlResponse: http, data: Data(), hops: [hop],
                                        connection: ConnectionDetails(httpVersion: "HTTP/1.1", tls: tls, number: 3,
                                                                      remoteAddress: "127.0.0.1:8443", reused: true),
                                        timing: reusedTiming)
        let lines = ResponseTrace.lines(for: response)
        #expect(lines.contains("             new connection #3 to 127.0.0.1:8443, ready after 2.1 ms"), "\(lines)")
        #expect(lines.contains("             reused connection #3 to 127.0.0.1:8443"), "\(lines)")
        #expect(!lines.contains { $0.contains("connect ") || $0.contains("dns ") }, "\(lines)")
        let plain = Request.Response(request: Request(.get, url: url), urlResponse: http, data: Data(),
                                     connection: ConnectionDetails(httpVersion: "HTTP/1.1"), timing: timing)
        #expect(!ResponseTrace.lines(for: plain).contains { $0.contains("connection") }, "URLSession tells no connection")
    }
}
