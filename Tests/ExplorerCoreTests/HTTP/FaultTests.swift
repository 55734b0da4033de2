import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Network faults give the right RequestError")
struct FaultTests {
    static let server = Result { try FaultServer(routes: [
        "/never": .neverAnswer, "/stall": .stallAfterHeaders, "/slow": .slowBody(interval: 1.5),
        "/trickle": .slowBody(interval: 0.4),
        "/denied": .respond(status: 401, headers: ["WWW-Authenticate: Basic realm=\"api\"", "Content-Type: application/json"],
                            body: #"{"error": "token expired"}"#),
        "/close": .closeMidBody, "/reset": .resetMidBody, "/longer": .contentLengthLonger, "/shorter": .contentLengthShorter,
        "/chunked": .brokenChunked, "/loop": .redirectLoop, "/large": .largeBody(bytes: 100 << 20),
        "/bomb": .gzipBomb(expandedBytes: 24 << 20), "/utf8": .invalidUTF8JSON, "/control": .controlCharactersInHeaders,
        "/http10": .closeDelimited(body: "all of it\nuntil the close"),
    ]) }

    func send(_ path: String, over transport: TransportKind, _ change: (inout Request.Configuration) -> Void = { _ in }) async throws -> Result<Request.Response, RequestError> {
        // A session per request: FoundationNetworking runs a session's transfers on one queue, so a 100 MB body in a
        // shared session would hold up the timeouts measured next to it.
        let request = Request(.get, url: try FaultTests.server.get().url(path), session: ExplorerSession.make()).configured {
            $0.transport = transport
            change(&$0)
        }
        do { return .success(try await request.send()) } catch { return .failure(error) }
    }

    func failure(_ path: String, over transport: TransportKind, _ change: (inout Request.Configuration) -> Void = { _ in }) async throws -> RequestError {
        let result = try await send(path, over: transport, change)
        guard case let .failure(error) = result else { throw Unexpected.success(path) }
        return error
    }

    enum Unexpected: Error { case success(String) }

    @Test(arguments: TransportKind.allCases) func refused(transport: TransportKind) async throws {
        let request = Request(.get, url: ClosedPort.url()).configured { $0.transport = transport }
        let error = try #require(await Result(catching: { () async throws(RequestError) in try await request.send() }).failureValue)
        #expect(error.transportFailure == .connectionRefused)
    }

    @Test(arguments: ["/never", "/stall", "/slow"], TransportKind.allCases)
    func silentOrSlowServersTimeOut(path: String, transport: TransportKind) async throws {
        let started = Date()
        let error = try await failure(path, over: transport) { $0.timeoutInterval = 0.5 }
        #expect(error.transportFailure == .timedOut, "\(error)")
        #expect(error.description.hasPrefix("Timed out — GET"))
        // Generous: under a loaded parallel test run the answer can wait for a free thread; this only rules out a hang.
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test(arguments: TransportKind.allCases) func theTimeoutBoundsTheWholeAttemptNotOnlyTheWaitBetweenBytes(transport: TransportKind) async throws {
        // A byte every 0.4 s (4 s in all) never leaves the connection idle for 1 s; the attempt still ends at 1 s.
        let started = Date()
        let error = try await failure("/trickle", over: transport) { $0.timeoutInterval = 1 }
        let elapsed = Date().timeIntervalSince(started)
        #expect(error.transportFailure == .timedOut, "\(error)")
        #expect(error.description.hasPrefix("Timed out — GET"), "\(error)")
        // Generous, as above: before the fix this request succeeded after 4 s, which the checks above catch.
        #expect(elapsed > 0.9 && elapsed < 60, "\(elapsed) s")
    }

    @Test(arguments: TransportKind.allCases) func a401WithAChallengeComesBackAsAResponseWithItsBody(transport: TransportKind) async throws {
        // The authentication challenge is cancelled (credentials travel as headers), and the 401 keeps its body.
        let response = try await send("/denied", over: transport).get()
        #expect(response.statusCode == 401)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"error": "token expired"}"#)
        #expect(response.headers["WWW-Authenticate"] == #"Basic realm="api""#)
    }

    @Test(arguments: TransportKind.allCases) func aSlowDripIsStoppedByTheDeadlineEvenUnderTheIdleTimeout(transport: TransportKind) async throws {
        // One byte every 1.5 s never trips a 60 s idle timeout; the overall deadline still ends it.
        let error = try await failure("/slow", over: transport) { $0.deadline = 4 }
        guard case let .deadlineExceeded(_, deadline, _) = error else { Issue.record("got \(error)"); return }
        #expect(deadline == 4)
    }

    @Test(arguments: ["/close", "/longer"], TransportKind.allCases)
    func aBodyCutShortIsAConnectionLoss(path: String, transport: TransportKind) async throws {
        let error = try await failure(path, over: transport)
        #expect(error.transportFailure == .connectionLost, "\(error)")
        #expect(error.description.hasPrefix("Connection lost (transfer closed with 900 bytes remaining to read) — GET"), "\(error)")
    }

    @Test(arguments: TransportKind.allCases) func aResetMidBodyIsAConnectionLoss(transport: TransportKind) async throws {
        let error = try await failure("/reset", over: transport)
        #expect(error.transportFailure == .connectionLost, "\(error)")
    }

    @Test(arguments: TransportKind.allCases) func aShortContentLengthCutsTheBodyAtTheDeclaredLength(transport: TransportKind) async throws {
        let response = try await send("/shorter", over: transport).get()
        #expect(response.text == "hello")
    }

    @Test(arguments: TransportKind.allCases) func brokenChunkedEncodingIsAnUnreadableResponse(transport: TransportKind) async throws {
        let error = try await failure("/chunked", over: transport)
        #expect(error.transportFailure == .badResponse, "\(error)")
        #expect(error.description.contains("chunked-encoding"), "\(error)")
    }

    @Test(arguments: TransportKind.allCases) func aRedirectLoopStops(transport: TransportKind) async throws {
        // Suites run in parallel with other suites, but this suite's tests share one server: count this test's own requests.
        let loop = try FaultServer(routes: ["/loop": .redirectLoop])
        defer { loop.stop() }
        let request = Request(.get, url: loop.url("/loop")).configured { $0.transport = transport }
        let error = try #require(await Result(catching: { () async throws(RequestError) in try await request.send() }).failureValue)
        #expect(error.transportFailure == .tooManyRedirects, "\(error)")
        #expect(loop.requests(to: "/loop").count == 21)
    }

    @Test(arguments: TransportKind.allCases) func a100MBBodyArrivesWholeUnderTheDefaultLimit(transport: TransportKind) async throws {
        let response = try await send("/large", over: transport).get()
        #expect(response.byteCount == 100 << 20)
    }

    @Test(arguments: TransportKind.allCases) func aBodyOverTheLimitIsRefusedByItsContentLength(transport: TransportKind) async throws {
        let error = try await failure("/large", over: transport) { $0.maxResponseBytes = 10 << 20 }
        #expect(error.transportFailure == .tooLarge, "\(error)")
        #expect(error.description.hasPrefix("Response too large (100.0 MB declared; the limit is 10.0 MB) — GET"), "\(error)")
    }

    @Test(arguments: TransportKind.allCases) func aGzipBombIsCappedByItsDecodedSize(transport: TransportKind) async throws {
        let error = try await failure("/bomb", over: transport) { $0.maxResponseBytes = 8 << 20 }
        #expect(error.transportFailure == .tooLarge, "\(error)")
        #expect(error.description.contains("more than 8.0 MB; the limit is 8.0 MB"), "\(error)")
        // Under the limit the same stream inflates completely, so the cap is what stopped it.
        let whole = try await send("/bomb", over: transport).get()
        #expect(whole.byteCount == 24 << 20 && whole.data.first == 0 && whole.data.last == 0)
    }

    @Test(arguments: TransportKind.allCases) func invalidUTF8UnderAJSONContentTypeIsDeliveredAsBytes(transport: TransportKind) async throws {
        let response = try await send("/utf8", over: transport).get()
        #expect(response.data.contains(0xFF) && response.text.contains("\u{FFFD}"))
    }

    @Test(arguments: TransportKind.allCases) func controlCharactersInHeadersArriveButAreEscapedForDisplay(transport: TransportKind) async throws {
        let response = try await send("/control", over: transport).get()
        let evil = try #require(response.headers["X-Evil"])
        #expect(evil.contains("\u{1B}"))
        let shown = TerminalSafeText.sanitize(evil)
        #expect(!shown.contains("\u{1B}") && !shown.contains("\u{07}") && shown.contains(#"\u{1B}]52;c;"#))
    }

    @Test(arguments: TransportKind.allCases) func anHTTP10BodyEndsAtTheClose(transport: TransportKind) async throws {
        let response = try await send("/http10", over: transport).get()
        #expect(response.statusCode == 200 && response.text == "all of it\nuntil the close")
    }
}
