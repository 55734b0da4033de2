import ExplorerCore
import Foundation
import Testing
import TestSupport

/// The WebSocket client against a real loopback server: handshake, text and binary, fragments, pings both ways, close
/// codes both ways, the message limit, a refused handshake, TLS and a proxy tunnel.
@Suite struct WebSocketClientTests {
    /// The events up to and including the next message (or the close).
    private func next(_ iterator: inout AsyncThrowingStream<WebSocketEvent, any Error>.Iterator) async throws -> WebSocketEvent? {
        try await iterator.next()
    }

    @Test func textBinaryAndFragmentedMessagesRoundTrip() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let connection = try await WebSocketClient.connect(to: server.url("/chat?room=1"),
                                                           options: WebSocketOptions(headers: [("Authorization", "Bearer t0k")], protocols: ["chat.v2", "chat.v1"]))
        #expect(connection.subprotocol == "chat.v2")
        var events = connection.events.makeAsyncIterator()
        try await connection.send(WebSocketMessage(text: "hello"))
        #expect(try await next(&events) == .message(WebSocketMessage(text: "hello")))
        try await connection.send(WebSocketMessage(binary: Data([9, 8, 7])))
        #expect(try await next(&events) == .message(WebSocketMessage(binary: Data([9, 8, 7]))))
        try await connection.send(WebSocketMessage(text: "fragments"))
        #expect(try await next(&events) == .message(WebSocketMessage(text: "fragments")), "three frames, one message")
        try await connection.send(WebSocketMessage(text: "binary"))
        #expect(try await next(&events) == .message(WebSocketMessage(binary: Data([0, 1, 2, 255]))))
        let handshake = server.handshakes.all.first ?? []
        #expect(handshake.contains { $0.name == "authorization" && $0.value == "Bearer t0k" })
        #expect(handshake.contains { $0.name == "sec-websocket-protocol" && $0.value == "chat.v2, chat.v1" })
        try await connection.close()
        let closed = try await next(&events)
        #expect(closed == .closed(code: 1000, reason: "", byClient: true), "\(String(describing: closed))")
        #expect(try await next(&events) == nil)
    }

    @Test func pingsAreAnsweredBothWays() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let connection = try await WebSocketClient.connect(to: server.url())
        var events = connection.events.makeAsyncIterator()
        // The server pings; the client's pong carries the payload back, and the server says it saw it.
        try await connection.send(WebSocketMessage(text: "ping"))
        #expect(try await next(&events) == .message(WebSocketMessage(text: "pong: are you there")))
        try await connection.ping(Data("p1".utf8))
        #expect(try await next(&events) == .pong(Data("p1".utf8)))
        connection.abort()
    }

    @Test func theServersCloseCodeAndReasonEndTheEvents() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let connection = try await WebSocketClient.connect(to: server.url())
        var events = connection.events.makeAsyncIterator()
        try await connection.send(WebSocketMessage(text: "close"))
        #expect(try await next(&events) == .closed(code: 4001, reason: "bye", byClient: false))
        #expect(try await next(&events) == nil)
        await #expect(throws: WebSocketFailure.closed) { try await connection.send(WebSocketMessage(text: "late")) }
    }

    @Test func aMessageOverTheLimitFailsClearly() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let connection = try await WebSocketClient.connect(to: server.url(), options: WebSocketOptions(maxMessageSize: 1000))
        var events = connection.events.makeAsyncIterator()
        try await connection.send(WebSocketMessage(text: "big:999"))
        #expect(try await next(&events) == .message(WebSocketMessage(text: String(repeating: "x", count: 999))))
        try await connection.send(WebSocketMessage(text: "big:5000"))
        await #expect(throws: WebSocketFailure.messageTooLarge(limit: 1000)) { _ = try await next(&events) }
    }

    @Test func aTextMessageThatIsNotUTF8ClosesWith1007() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let connection = try await WebSocketClient.connect(to: server.url())
        var events = connection.events.makeAsyncIterator()
        try await connection.send(WebSocketMessage(text: "bad-utf8"))
        // RFC 6455 8.1: a text message that is not UTF-8 fails the connection with 1007, not a message with U+FFFD.
        do {
            let event = try await next(&events)
            Issue.record("the frame was taken as \(String(describing: event))")
        } catch {
            #expect("\(error)".contains("not valid UTF-8") && "\(error)".contains("1007"), "\(error)")
        }
        var waited = 0
        while server.closes.all.isEmpty, waited < 500 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(server.closes.all == [1007])
    }

    @Test func aRefusedHandshakeSaysWhatTheServerAnswered() async throws {
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        await #expect(throws: WebSocketFailure.handshakeRefused(status: 401, reason: "Unauthorized")) {
            _ = try await WebSocketClient.connect(to: server.url("/refuse"))
        }
        await #expect(throws: WebSocketFailure.notWebSocketURL("http://127.0.0.1/")) {
            _ = try await WebSocketClient.connect(to: URL(string: "http://127.0.0.1/")!)
        }
        await #expect {
            _ = try await WebSocketClient.connect(to: URL(string: "ws://127.0.0.1:\(ClosedPort.find())/")!)
        } throws: { error in
            if case .transport? = error as? WebSocketFailure { return true }
            return false
        }
    }

    @Test func wssVerifiesTheCertificateWithTheGivenCAs() async throws {
        let certificates = try TestCertificates()
        let server = try WebSocketLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey)
        defer { server.stop() }
        await #expect {
            _ = try await WebSocketClient.connect(to: server.url())
        } throws: { error in
            if case .transport? = error as? WebSocketFailure { return true }
            return false
        }
        let connection = try await WebSocketClient.connect(to: server.url(), options: WebSocketOptions(tls: TLSOptions(caCertificatesFile: certificates.caCertificate)))
        var events = connection.events.makeAsyncIterator()
        try await connection.send(WebSocketMessage(text: "over tls"))
        #expect(try await next(&events) == .message(WebSocketMessage(text: "over tls")))
        connection.abort()
    }

    @Test func aSelfSignedWSSServerIsNamedAsHTTPSNamesIt() async throws {
        let certificates = try TestCertificates()
        let server = try WebSocketLoopbackServer(certificateFile: certificates.selfSignedCertificate, keyFile: certificates.selfSignedKey)
        defer { server.stop() }
        var message = ""
        do { _ = try await WebSocketClient.connect(to: server.url()) } catch { message = "\(error)" }
        #expect(message == "The certificate of 127.0.0.1 is not trusted: it is self-signed. "
                    + "Add its CA with caCertificates, or set verifyTLS: false for this environment if you trust the server.", "\(message)")
    }

    @Test func throughAProxyTheConnectionIsTunnelled() async throws {
        let server = try WebSocketLoopbackServer()
        let proxy = try RecordingProxy()
        defer { server.stop(); proxy.stop() }
        let connection = try await WebSocketClient.connect(to: server.url(), options: WebSocketOptions(proxy: proxy.url))
        var events = connection.events.makeAsyncIterator()
        try await connection.send(WebSocketMessage(text: "via proxy"))
        #expect(try await next(&events) == .message(WebSocketMessage(text: "via proxy")))
        #expect(proxy.requestLines == ["CONNECT 127.0.0.1:\(server.port) HTTP/1.1"])
        connection.abort()
    }
}
