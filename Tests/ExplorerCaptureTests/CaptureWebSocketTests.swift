import ExplorerCapture
import ExplorerCore
import Foundation
import Testing
import TestSupport

/// WebSocket upgrades pass through the proxy untouched (ws:// and wss:// through a CONNECT tunnel), and the
/// conversation is reported with every message both ways.
@Suite("Capture: WebSocket through the proxy", .serialized)
struct CaptureWebSocketTests {
    /// Sends "hello", waits for its answer, then "fragments" (answered in three frames) and its answer; closes and
    /// returns the texts received.
    private func converse(_ url: URL, options: WebSocketOptions) async throws -> [String] {
        let connection = try await WebSocketClient.connect(to: url, options: options)
        var received: [String] = []
        try await connection.send(WebSocketMessage(text: "hello"))
        for try await event in connection.events {
            guard case let .message(message) = event else { continue }
            received.append(message.text ?? "")
            if received.count == 1 { try await connection.send(WebSocketMessage(text: "fragments")) }
            if received.count == 2 { break }
        }
        try await connection.close()
        return received
    }

    @Test func aPlainWebSocketIsRelayedAndItsMessagesRecorded() async throws {
        let directory = try TempDirectory()
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let log = ExchangeLog()
        let proxy = try await CaptureProxy.start(options: CaptureOptions(port: 0), authority: CaptureAuthority(directory: directory.path + "/proxy")) {
            log.add($0)
        }
        let received = try await converse(server.url("/chat"), options: WebSocketOptions(proxy: proxy.url))
        #expect(received == ["hello", "fragments"])
        let exchange = try #require(await log.waitFor(1).first)
        #expect(exchange.kind == .webSocket)
        #expect(exchange.method == "WS")
        #expect(exchange.url == "ws://127.0.0.1:\(server.port)/chat")
        #expect(exchange.status == 101)
        let events = exchange.conversation?.events.map { "\($0.kind.rawValue) \($0.data)" }
        #expect(events == ["sent hello", "message hello", "sent fragments", "message fragments"], "\(String(describing: events))")
        await proxy.stop()
    }

    @Test func aSecureWebSocketIsInterceptedLikeHTTPS() async throws {
        let directory = try TempDirectory()
        let certificates = try TestCertificates()
        let server = try WebSocketLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey)
        defer { server.stop() }
        let log = ExchangeLog()
        let authority = try CaptureAuthority(directory: directory.path + "/proxy")
        let proxy = try await CaptureProxy.start(options: CaptureOptions(port: 0, caCertificatesFile: certificates.caCertificate), authority: authority) {
            log.add($0)
        }
        let caFile = directory.path + "/proxy-ca.pem"
        try authority.certificatePEM.write(toFile: caFile, atomically: true, encoding: .utf8)
        let url = server.url("/secure")
        let received = try await converse(url, options: WebSocketOptions(tls: TLSOptions(caCertificatesFile: caFile), proxy: proxy.url))
        #expect(received == ["hello", "fragments"])
        let exchange = try #require(await log.waitFor(1).first)
        #expect(exchange.url == "wss://127.0.0.1:\(server.port)/secure")
        #expect(exchange.conversation?.events.count == 4)
        await proxy.stop()
    }
}
