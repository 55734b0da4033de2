import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Injected headers, hooks and logging")
struct HooksAndLoggingTests {
    @Test(arguments: TransportKind.allCases) func injectorsRunAtEachAttemptAndHooksSeeEveryStage(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let injections = CallCounter()
        let sent = CallCounter()
        let received = CallCounter()
        let hooks = RequestHooks(
            headerInjectors: [{ _ in
                injections.increment()
                return ["X-Attempt-Token": "token-\(injections.value)"]
            }],
            willSend: [{ request in if request.value(forHTTPHeaderField: "X-Attempt-Token") != nil { sent.increment() } }],
            didReceive: [{ _ in received.increment() }]
        )
        let response = try await Request(.get, url: server.url("/flaky/\(key)?failures=1&status=503"))
            .retrying(RetryPolicy(initialDelay: 0.01)).hooked(hooks).over(transport).send()
        #expect(response.statusCode == 200)
        #expect(injections.value == 2 && sent.value == 2 && received.value == 1)

        let failed = CallCounter()
        let failing = Request(.get, url: ClosedPort.url()).hooked(RequestHooks(didFail: [{ _ in failed.increment() }]))
        _ = try? await failing.over(transport).send()
        #expect(failed.value == 1)
    }

    @Test(arguments: TransportKind.allCases) func logsNeverContainSecretValues(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let (logger, store) = CapturingLogHandler.logger()
        let request = Request(.get, url: server.url("/echo"))
            .withAuthentication(.bearer(token: "super-secret-token"))
            .settingHeader("Cookie", "session=cookie-secret")
            .settingHeader("X-API-Key", "key-secret")
            .addingQuery("api_key", "query-secret")
            .hooked(RequestHooks(logger: logger))
        _ = try await request.over(transport).send()
        let log = store.text
        #expect(log.contains("→ GET"))
        #expect(log.contains("← 200 OK"))
        #expect(log.contains("Bearer ••••••"))
        for secret in ["super-secret-token", "cookie-secret", "key-secret", "query-secret"] {
            #expect(!log.contains(secret), "log leaked \(secret): \(log)")
        }
    }

    @Test(arguments: TransportKind.allCases) func serviceLevelInjectionReachesEveryRequest(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let root = ComponentContext(baseURL: server.baseURL, hooks: .injecting { _ in ["Authorization": "Bearer injected"] })
        let echo: EchoReply = try await root.request(.get, path: ["echo"]).over(transport).send()
        #expect(echo.header("Authorization") == "Bearer injected")
    }
}
