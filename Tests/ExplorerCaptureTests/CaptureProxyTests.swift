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
