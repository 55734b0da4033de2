import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Proxies: HTTP_PROXY, HTTPS_PROXY, NO_PROXY and a proxy of the environment's own")
struct ProxyTests {
    func send(_ url: URL, over transport: TransportKind, proxy: String?) async -> Result<Request.Response, RequestError> {
        let request = Request(.get, url: url).configured {
            $0.transport = transport
            $0.proxy = proxy
            $0.verifiesTLSCertificates = false
            $0.timeoutInterval = 20
        }
        do { return .success(try await request.send()) } catch { return .failure(error) }
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aPlainRequestGoesThroughTheProxy(transport: TransportKind) async throws {
        let server = try FaultServer(routes: ["/ok": .respond(status: 200, headers: [], body: "via proxy")])
        let proxy = try RecordingProxy()
        defer { server.stop(); proxy.stop() }
        let response = try await send(server.url("/ok"), over: transport, proxy: proxy.url).get()
        #expect(response.text == "via proxy")
        // Plain http names the whole URL to the proxy, as curl does.
        #expect(proxy.requestLines == ["GET http://127.0.0.1:\(server.port)/ok HTTP/1.1"])
        // The connection goes to the proxy, and the transport's hop marker is taken out inside the tunnel too.
        #expect(response.connection?.remoteAddress == "127.0.0.1:\(proxy.port)", "\(String(describing: response.connection))")
        #expect(server.requests(to: "/ok").count == 1)
    }

    /// What aPlainRequestGoesThroughTheProxy shows of the default transport is what the collection format's docs say.
    @Test func theDocsSayPlainHTTPNamesTheWholeURLToTheProxy() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Collections/README.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `proxy` |") })
        #expect(row.contains("https is tunnelled through it with CONNECT"))
        #expect(row.contains("plain http is sent to it with the whole URL as the request target"))
        #expect(!row.contains("http or https, is tunnelled"))
    }

    @Test(arguments: TransportKind.overSwiftNIO) func httpsIsTunnelledWithCONNECTAndCredentialsGoToTheProxy(transport: TransportKind) async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.selfSignedCertificate, keyFile: certificates.selfSignedKey)
        let proxy = try RecordingProxy()
        defer { server.stop(); proxy.stop() }
        let response = try await send(server.url("/"), over: transport, proxy: "http://ada:s%3Acret@127.0.0.1:\(proxy.port)").get()
        #expect(response.text == "hello over HTTP/1.1")
        #expect(proxy.requestLines == ["CONNECT 127.0.0.1:\(server.port) HTTP/1.1"])
        #expect(proxy.proxyAuthorizations == ["Basic " + Data("ada:s:cret".utf8).base64EncodedString()])
        #expect(server.received.all.count == 1 && server.received.all.allSatisfy { !$0.contains("x-apiexplorer-hop") })
    }

    @Test(arguments: TransportKind.overSwiftNIO) func directIgnoresTheProxy(transport: TransportKind) async throws {
        let server = try FaultServer(routes: ["/ok": .respond(status: 200, headers: [], body: "direct")])
        let proxy = try RecordingProxy()
        defer { server.stop(); proxy.stop() }
        #expect(try await send(server.url("/ok"), over: transport, proxy: "direct").get().text == "direct")
        #expect(proxy.requestLines.isEmpty)
    }

    @Test func theEnvironmentVariablesChooseBySchemeAndNoProxyBypasses() throws {
        let plain = try #require(URL(string: "http://api.example.com/x"))
        let secure = try #require(URL(string: "https://api.example.com/x"))
        let variables = ["HTTP_PROXY": "http://plain-proxy:3128", "https_proxy": "secure-proxy:8443"]
        #expect(try ProxyChoice.forRequest(to: plain, configured: nil, environment: variables)?.host == "plain-proxy")
        let chosen = try ProxyChoice.forRequest(to: secure, configured: nil, environment: variables)
        #expect(chosen?.host == "secure-proxy" && chosen?.port == 8443)
        for noProxy in ["example.com", ".example.com", "other.test, api.example.com", "*"] {
            #expect(try ProxyChoice.forRequest(to: plain, configured: nil, environment: variables.merging(["NO_PROXY": noProxy]) { $1 }) == nil)
        }
        #expect(try ProxyChoice.forRequest(to: plain, configured: nil, environment: variables.merging(["no_proxy": "ample.com"]) { $1 }) != nil)
        #expect(try ProxyChoice.forRequest(to: plain, configured: "direct", environment: variables) == nil)
        #expect(try ProxyChoice.forRequest(to: plain, configured: nil, environment: [:]) == nil)
    }

    @Test(arguments: TransportKind.overSwiftNIO) func aBadProxyURLIsAClearErrorNamingTheField(transport: TransportKind) async throws {
        let server = try FaultServer(routes: ["/ok": .respond(status: 200, headers: [], body: "unused")])
        defer { server.stop() }
        let error = try #require(await send(server.url("/ok"), over: transport, proxy: "socks5://127.0.0.1:1080").failureValue)
        #expect(error.description.contains("proxy: 'socks5://127.0.0.1:1080' is not an http:// proxy URL"), "\(error)")
    }
}
