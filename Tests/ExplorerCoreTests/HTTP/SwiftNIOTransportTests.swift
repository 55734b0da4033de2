import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

/// What the SwiftNIO transport does beyond the contract every transport keeps: its own pool of connections, and the
/// phases of opening one timed apart.
@Suite("SwiftNIO transport: connection pool and timed phases")
struct SwiftNIOTransportTests {
    func send(_ url: URL, _ change: (inout Request.Configuration) -> Void = { _ in }) async throws -> Request.Response {
        try await Request(.get, url: url).configured {
            $0.transport = .swiftNIO
            $0.timeoutInterval = 20
            change(&$0)
        }.send()
    }

    /// The server closed a keep-alive connection just as it was reused: nothing came back, so the request goes again
    /// on a new connection instead of failing with "Empty reply from server".
    @Test(arguments: [StaleKeepAliveServer.SecondRequest.close, .reset])
    func aKeepAliveConnectionTheServerDroppedIsReplacedWithoutAnError(dropped: StaleKeepAliveServer.SecondRequest) async throws {
        let server = try StaleKeepAliveServer(second: dropped)
        defer { server.stop() }
        let first = try await send(server.url("/a"))
        let second = try await send(server.url("/b"))
        #expect(first.text == "one" && second.text == "one")
        #expect(server.connections == 2, "the dropped connection was replaced once")
        let a = try #require(first.connection), b = try #require(second.connection)
        #expect(!b.reused && b.number != a.number, "the second response came over a new connection: \(b)")
        #expect(second.timing.tcp != nil, "\(second.timing)")
    }

    /// A host name is resolved and the lookup timed on its own; `localhost` may name ::1 first, which the loopback
    /// server does not listen on, so the connect goes on to 127.0.0.1.
    @Test func aHostNameIsResolvedAndEachPhaseIsTimedApart() async throws {
        let server = try await LoopbackServer.start()
        let response = try await send(try #require(URL(string: "http://localhost:\(server.port)/echo")))
        await server.stop()
        let timing = response.timing
        let dns = try #require(timing.dns), tcp = try #require(timing.tcp), connect = try #require(timing.connect)
        #expect(dns > 0 && tcp > 0 && dns + tcp <= connect && connect <= (timing.firstByte ?? 0), "\(timing)")
        #expect(response.connection?.remoteAddress == "127.0.0.1:\(server.port)", "\(String(describing: response.connection))")
        let trace = ResponseTrace.lines(for: response).joined(separator: "\n")
        #expect(trace.contains("  dns ") && trace.contains("  tcp ") && !trace.contains("  tls "), "\(trace)")
        let echo = try JSONDecoder().decode(EchoReply.self, from: response.data)
        #expect(echo.headers.contains { $0.name.lowercased() == "host" && $0.value == "localhost:\(server.port)" }, "\(echo.headers)")
    }

    /// Requests in flight together get connections of their own, at most one each; the next round reuses them.
    @Test func concurrentRequestsOpenConnectionsThatLaterRequestsReuse() async throws {
        let server = try await LoopbackServer.start()
        let url = server.url("/delay/0.05")
        let first = try await withThrowingTaskGroup(of: Request.Response.self) { group in
            for _ in 0..<12 { group.addTask { try await send(url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let opened = Set(first.compactMap { $0.connection?.number })
        #expect(first.allSatisfy { $0.statusCode == 200 } && opened.count >= 2 && opened.count <= 12, "\(opened)")
        let again = try await withThrowingTaskGroup(of: Request.Response.self) { group in
            for _ in 0..<opened.count { group.addTask { try await send(url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        await server.stop()
        let reused = again.filter { $0.connection?.reused == true }.compactMap { $0.connection?.number }
        #expect(!reused.isEmpty && Set(reused).isSubset(of: opened), "\(reused) of \(opened)")
    }

    /// Requests that time out on a server that never answers give their connections up; a request after them gets
    /// a connection of its own and its answer.
    @Test func timedOutRequestsDoNotHoldUpTheNextOne() async throws {
        let server = try FaultServer(routes: ["/never": .neverAnswer, "/ok": .respond(status: 200, headers: [], body: "ok")])
        defer { server.stop() }
        for _ in 0..<3 {
            await #expect(throws: RequestError.self) { try await send(server.url("/never")) { $0.timeoutInterval = 0.2 } }
        }
        let response = try await send(server.url("/ok"))
        #expect(response.text == "ok" && response.connection?.reused == false)
    }

    /// After 101 Switching Protocols the connection speaks something else: the next request opens a new one rather
    /// than waiting on it for an answer that never comes.
    @Test func aConnectionThatSwitchedProtocolsIsNotReused() async throws {
        let server = try StaleKeepAliveServer(reply: "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
                                              second: .ignore)
        defer { server.stop() }
        let first = try await send(server.url("/a")) { $0.timeoutInterval = 3 }
        let second = try await send(server.url("/b")) { $0.timeoutInterval = 3 }
        #expect(first.statusCode == 101 && second.statusCode == 101 && server.connections == 2)
        #expect(second.connection?.reused == false, "\(String(describing: second.connection))")
    }

    /// Header fields the transport owns: a Content-Length with no body is not sent (the server would wait for the bytes),
    /// and an empty Host of the user's own does not become a second Host.
    @Test func aLengthWithoutABodyAndAnEmptyHostAreNotSent() async throws {
        let server = try await LoopbackServer.start()
        let response = try await Request(.get, url: server.url("/echo"))
            .settingHeader("Content-Length", "42").settingHeader("Host", "")
            .configured { $0.transport = .swiftNIO; $0.timeoutInterval = 3 }.send()
        await server.stop()
        let echo = try JSONDecoder().decode(EchoReply.self, from: response.data)
        let names = echo.headers.map { $0.name.lowercased() }
        #expect(!names.contains("content-length") && names.filter { $0 == "host" }.count == 1, "\(echo.headers)")
    }

    /// An HTTP/2 server that sends GOAWAY takes no new streams on that connection: the next request opens another
    /// rather than failing.
    @Test func afterGOAWAYTheNextRequestGoesOverANewConnection() async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey,
                                           http2: true, goAwayAfter: 2)
        defer { server.stop() }
        var numbers: [Int?] = []
        for _ in 0..<4 {
            let response = try await send(server.url("/")) { $0.tls.caCertificatesFile = certificates.caCertificate }
            #expect(response.text == "hello over HTTP/2")
            numbers.append(response.connection?.number)
        }
        #expect(numbers[0] != nil && numbers[0] == numbers[1] && numbers[2] != numbers[1] && numbers[2] == numbers[3], "\(numbers)")
    }

    /// An HTTP/2 request given up on before any answer came leaves its connection to drain: it may be dead without
    /// knowing it (a network that went away), so the next request opens a new one rather than waiting on it too.
    @Test func anHTTP2RequestThatTimedOutUnansweredMovesTheNextOneToANewConnection() async throws {
        let certificates = try TestCertificates()
        let server = try TLSLoopbackServer(certificateFile: certificates.serverCertificate, keyFile: certificates.serverKey, http2: true)
        defer { server.stop() }
        let trust: (inout Request.Configuration) -> Void = { $0.tls.caCertificatesFile = certificates.caCertificate }
        let first = try await send(server.url("/"), trust)
        await #expect(throws: RequestError.self) {
            try await send(server.url("/slow")) { trust(&$0); $0.timeoutInterval = 0.1 }
        }
        let next = try await send(server.url("/"), trust)
        #expect(first.connection?.httpVersion == "HTTP/2" && next.connection?.reused == false, "\(String(describing: next.connection))")
        #expect(next.connection?.number != first.connection?.number)
    }
}
