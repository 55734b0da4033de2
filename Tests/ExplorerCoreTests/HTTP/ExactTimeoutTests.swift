import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

/// The request timeout and the overall deadline hold to the millisecond on every transport; FoundationNetworking
/// alone kept whole seconds of them (a deadline of 1 s failed a 0.3 s response after 1 ms).
@Suite("Timeouts and deadlines are exact")
struct ExactTimeoutTests {
    static let server = Result { try FaultServer(routes: [
        "/0.3": .delayed(seconds: 0.3, body: "quick"), "/1.3": .delayed(seconds: 1.3, body: "slower"),
        "/never": .neverAnswer,
    ]) }

    func send(_ path: String, over transport: TransportKind, _ change: (inout Request.Configuration) -> Void)
        async throws -> (Result<Request.Response, RequestError>, TimeInterval) {
        let request = Request(.get, url: try ExactTimeoutTests.server.get().url(path), session: ExplorerSession.make()).configured {
            $0.transport = transport
            change(&$0)
        }
        let started = DispatchTime.now()
        let result: Result<Request.Response, RequestError>
        do { result = .success(try await request.send()) } catch { result = .failure(error) }
        return (result, Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
    }

    @Test(arguments: TransportKind.allCases)
    func aOneSecondDeadlineLetsAResponseOf0_3SecondsThrough(transport: TransportKind) async throws {
        let (result, elapsed) = try await send("/0.3", over: transport) { $0.deadline = 1 }
        #expect(try result.get().text == "quick", "after \(elapsed) s")
        #expect(elapsed >= 0.3)
    }

    @Test(arguments: TransportKind.allCases)
    func aTwoSecondDeadlineLetsAResponseOf1_3SecondsThrough(transport: TransportKind) async throws {
        let (result, elapsed) = try await send("/1.3", over: transport) { $0.deadline = 2 }
        #expect(try result.get().text == "slower", "after \(elapsed) s")
    }

    @Test(arguments: TransportKind.allCases)
    func aHalfSecondDeadlineEndsAsDeadlineExceededAtHalfASecond(transport: TransportKind) async throws {
        let (result, elapsed) = try await send("/never", over: transport) { $0.deadline = 0.5 }
        guard case let .failure(.deadlineExceeded(_, deadline, _)) = result else {
            Issue.record("got \(result) after \(elapsed) s")
            return
        }
        #expect(deadline == 0.5)
        // Not before: the old failure came after 2 ms. The upper bound only rules out a hang under a loaded run.
        #expect(elapsed >= 0.5 && elapsed < 30, "\(elapsed) s")
    }

    @Test(arguments: TransportKind.allCases)
    func aTimeoutBelowOneSecondIsHonoured(transport: TransportKind) async throws {
        let (quick, quickElapsed) = try await send("/0.3", over: transport) { $0.timeoutInterval = 0.7 }
        #expect(try quick.get().text == "quick", "after \(quickElapsed) s")
        let (slow, slowElapsed) = try await send("/1.3", over: transport) { $0.timeoutInterval = 0.7 }
        #expect(slow.failureValue?.transportFailure == .timedOut, "\(slow)")
        #expect(slowElapsed >= 0.7 && slowElapsed < 30, "\(slowElapsed) s")
    }
}
