import ExplorerCapture
import ExplorerCore
import Foundation
import Testing
import TestSupport

/// The proxy between curl and loopback servers: requests and answers go through byte for byte, HTTPS is intercepted
/// with the local CA, upstream certificates are checked as `send` checks them, and every exchange is reported.
@Suite("Capture: the proxy", .serialized)
struct CaptureProxyTests {
    private func start(_ options: CaptureOptions = CaptureOptions(port: 0), log: ExchangeLog,
                       in directory: TempDirectory) async throws -> (CaptureProxy, CaptureAuthority) {
        let authority = try CaptureAuthority(directory: directory.path + "/proxy")
        let proxy = try await CaptureProxy.start(options: options, authority: authority) { log.add($0) }
        return (proxy, authority)
    }

    @Test func aPlainHTTPRequestGoesThroughWithItsQueryAndBodyExactly() async throws {
        let directory = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let raw = try FaultServer(routes: ["/raw": .delayed(seconds: 0, body: "raw ok")])
        let log = ExchangeLog()
        let (proxy, _) = try await start(log: log, in: directory)
        defer { raw.stop() }
        let body = "{\"name\": \"Ada\", \"tags\": [\"a&b\", \"c=d\"]}"
        let echoed = try CurlRun.run(["-x", proxy.url, "-X", "POST", "-H", "Content-Type: application/json", "-H", "X-Trace: 7",
                                      "--data-binary", body, upstream.url("/echo/items?a=1&b=two%20words").absoluteString])
        #expect(echoed.status == 0, "\(echoed.stderr)")
        let reply = try JSONSerialization.jsonObject(with: Data(echoed.stdout.utf8)) as? [String: Any]
        #expect(reply?["method"] as? String == "POST")
        #expect(reply?["body"] as? String == body)
        #expect((reply?["headers"] as? [[String: String]])?.contains { $0["name"]?.lowercased() == "x-trace" && $0["value"] == "7" } == true)
        let query = (reply?["query"] as? [[String: String]])?.map { "\($0["name"] ?? "")=\($0["value"] ?? "")" }
        #expect(query == ["a=1", "b=two words"])

        let target = "/raw?q=a%20b&slash=%2F&empty=&flag&plus=1+2"
        let plain = try CurlRun.run(["-x", proxy.url, raw.url(target).absoluteString])
        #expect(plain.stdout == "raw ok")
        #expect(raw.requests(to: "/raw").map(\.target) == [target])
        // Hop-by-hop headers stay on the client's hop.
        #expect(raw.requests(to: "/raw").first?.headers["proxy-connection"] == nil)

        let exchanges = await log.waitFor(2)
        #expect(exchanges.map(\.method) == ["POST", "GET"])
        #expect(exchanges.first?.requestBody == Data(body.utf8))
        #expect(exchanges.first?.status == 200)
        #expect(exchanges.last?.url == raw.url(target).absoluteString)
        #expect(exchanges.map(\.number) == [1, 2])
        await proxy.stop()
        await upstream.stop()
    }

    @Test func aLargeBodyIsAskedForWithContinueAndArrivesWhole() async throws {
        let directory = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let log = ExchangeLog()
        let (proxy, _) = try await start(log: log, in: directory)
        // curl asks with Expect: 100-continue above 1 MB and waits a second for the answer before sending anyway.
        let body = String(repeating: "0123456789abcdef", count: 131_072)
        let file = directory.path + "/big.txt"
        try body.write(toFile: file, atomically: true, encoding: .utf8)
        let answer = try CurlRun.run(["-v", "-x", proxy.url, "-H", "Content-Type: text/plain", "--data-binary", "@" + file, upstream.url("/echo").absoluteString])
        #expect(answer.stderr.contains("HTTP/1.1 100 Continue"), "\(answer.stderr.suffix(600))")
        let reply = try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any]
        #expect(reply?["bodyLength"] as? Int == body.utf8.count)
        #expect(await log.waitFor(1).first?.requestBody.count == body.utf8.count)
        await proxy.stop()
        await upstream.stop()
    }

    @Test func httpsIsInterceptedWithTheLocalCAAndTheUpstreamVerified() async throws {
        let directory = try TempDirectory()
        let certificates = try TestCertificates()
        let upstream = try TLSLoopbackServer(certificateFile: certificates.selfSignedCertificate, keyFile: certificates.selfSignedKey)
        defer { upstream.stop() }
        let log = ExchangeLog()
        let (proxy, authority) = try await start(CaptureOptions(port: 0, caCertificatesFile: certificates.selfSignedCertificate), log: log, in: directory)
        let caFile = directory.path + "/proxy-ca.pem"
        try authority.certificatePEM.write(toFile: caFile, atomically: true, encoding: .utf8)

        let trusted = try CurlRun.run(["-x", proxy.url, "--cacert", caFile, upstream.url("/hello?x=1").absoluteString])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.hasPrefix("hello over HTTP/1.1"))
        // Without the CA, curl refuses the proxy's certificate: interception is visible, never silent.
        let untrusted = try CurlRun.run(["-x", proxy.url, upstream.url("/hello").absoluteString])
        #expect(untrusted.status == 60, "\(untrusted.stderr)")

        let exchanges = await log.waitFor(1)
        #expect(exchanges.first?.url == upstream.url("/hello?x=1").absoluteString)
        #expect(exchanges.first?.status == 200)
        await proxy.stop()
    }

    @Test func anUpstreamCertificateNobodyTrustsIsRefusedUnlessInsecureUpstream() async throws {
        let directory = try TempDirectory()
        let certificates = try TestCertificates()
        let upstream = try TLSLoopbackServer(certificateFile: certificates.selfSignedCertificate, keyFile: certificates.selfSignedKey)
        defer { upstream.stop() }
        let log = ExchangeLog()
        let (strict, authority) = try await start(log: log, in: directory)
        let caFile = directory.path + "/proxy-ca.pem"
        try authority.certificatePEM.write(toFile: caFile, atomically: true, encoding: .utf8)
        let refused = try CurlRun.run(["-x", strict.url, "--cacert", caFile, "-w", "%{http_code}", upstream.url("/hello").absoluteString])
        #expect(refused.stdout.hasSuffix("502"))
        #expect(refused.stdout.contains("certificate"), "\(refused.stdout)")
        #expect(await log.waitFor(1).first?.failure != nil)
        await strict.stop()

        let (lax, _) = try await start(CaptureOptions(port: 0, insecureUpstream: true), log: log, in: directory)
        let allowed = try CurlRun.run(["-x", lax.url, "--cacert", caFile, upstream.url("/hello").absoluteString])
        #expect(allowed.stdout.hasPrefix("hello over HTTP/1.1"), "\(allowed.stdout) \(allowed.stderr)")
        await lax.stop()
    }

    @Test func theUpstreamIsSpokenToOverHTTP2WhenItOffersIt() async throws {
        let directory = try TempDirectory()
        let certificates = try TestCertificates()
        let upstream = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey, http2: true)
        defer { upstream.stop() }
        let log = ExchangeLog()
        let (proxy, authority) = try await start(CaptureOptions(port: 0, caCertificatesFile: certificates.caCertificate), log: log, in: directory)
        let caFile = directory.path + "/proxy-ca.pem"
        try authority.certificatePEM.write(toFile: caFile, atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let answer = try CurlRun.run(["-x", proxy.url, "--cacert", caFile, upstream.url("/hello").absoluteString])
            #expect(answer.stdout.hasPrefix("hello over HTTP/2"), "\(answer.stdout) \(answer.stderr)")
        }
        let versions = await log.waitFor(2).compactMap { $0.response?.connection?.httpVersion }
        #expect(versions.count == 2 && versions.allSatisfy { $0.contains("2") }, "\(versions)")
        await proxy.stop()
    }

    @Test func theProxyServesItsCAAndRefusesABadConnect() async throws {
        let directory = try TempDirectory()
        let log = ExchangeLog()
        let (proxy, authority) = try await start(log: log, in: directory)
        let ca = try CurlRun.run([proxy.url + "/ca.pem"])
        #expect(ca.stdout == authority.certificatePEM)
        let bad = try CurlRun.run(["-w", "%{http_code}", "-X", "CONNECT", proxy.url + "/", "--request-target", "nohost"])
        #expect(bad.stdout.hasSuffix("400"), "\(bad.stdout)")
        #expect(log.all.isEmpty)
        await proxy.stop()
    }

    @Test func aClientThatSendsItsHandshakeBeforeTheTunnelsAnswerIsServed() async throws {
        let directory = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let log = ExchangeLog()
        let (proxy, _) = try await start(log: log, in: directory)
        // CONNECT and the first bytes of a ClientHello in one write, as an impatient client sends them.
        let client = try RawClient(port: proxy.port)
        client.write(Array("CONNECT 127.0.0.1:\(upstream.port) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8) + [0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5])
        let answer = String(decoding: client.read(limit: 64), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200 Connection established"), "\(answer)")
        client.close()
        // The proxy is still there for the next client.
        let next = try CurlRun.run(["-x", proxy.url, upstream.url("/users/1").absoluteString])
        #expect(next.stdout.contains("Ada Lovelace"), "\(next.stderr)")
        await proxy.stop()
        await upstream.stop()
    }

    @Test func aRequestAskingToUpgradeToH2CIsAnsweredAndTheNextOneToo() async throws {
        let directory = try TempDirectory()
        let upstream = try await LoopbackServer.start()
        let log = ExchangeLog()
        let (proxy, _) = try await start(log: log, in: directory)
        // curl --http2 on http:// asks to upgrade to h2c; the proxy speaks HTTP/1.1 and ends that connection after.
        let both = try CurlRun.run(["--http2", "-x", proxy.url, upstream.url("/users/1").absoluteString, upstream.url("/users/2").absoluteString])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.contains("Ada Lovelace") && both.stdout.contains("\"id\":2"), "\(both.stdout)")
        await proxy.stop()
        await upstream.stop()
    }

    @Test func aClientThatGoesAwayStopsItsRequestUpstream() async throws {
        let directory = try TempDirectory()
        let stalling = try FaultServer(routes: ["/stall": .stallAfterHeaders])
        defer { stalling.stop() }
        let log = ExchangeLog()
        let (proxy, _) = try await start(log: log, in: directory)
        let gaveUp = try CurlRun.run(["--max-time", "1", "-x", proxy.url, stalling.url("/stall").absoluteString])
        #expect(gaveUp.status == 28, "\(gaveUp.stderr)")
        // Reported well before the upstream's own 60 s timeout: the client's leaving cancelled it.
        let exchange = await log.waitFor(1, timeout: 10).first
        #expect(exchange?.failure?.lowercased().contains("cancel") == true, "\(String(describing: exchange?.failure))")
        await proxy.stop()
    }

    @Test func anUnreachableUpstreamAnswers502AndIsReportedAsFailed() async throws {
        let directory = try TempDirectory()
        let log = ExchangeLog()
        let (proxy, _) = try await start(log: log, in: directory)
        let port = try ClosedPort.find()
        let answer = try CurlRun.run(["-x", proxy.url, "-w", "\n%{http_code}", "http://127.0.0.1:\(port)/x"])
        #expect(answer.stdout.hasSuffix("\n502"), "\(answer.stdout)")
        let exchange = await log.waitFor(1).first
        #expect(exchange?.response == nil)
        #expect(exchange?.failure?.isEmpty == false)
        await proxy.stop()
    }
}
