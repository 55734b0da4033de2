import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Retries, deadline, fallback and cancellation")
struct ResilienceTests {
    let quick = RetryPolicy(maxRetries: 3, initialDelay: 0.05, multiplier: 2, maxDelay: 0.2)

    @Test(arguments: TransportKind.allCases) func retriesRetryableStatusesUntilSuccess(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let response = try await Request(.get, url: server.url("/flaky/\(key)?failures=2&status=503")).retrying(quick).over(transport).send()
        #expect(response.statusCode == 200 && response.attempts == 3)
        #expect(await server.hits("/flaky/\(key)") == 3)
    }

    @Test(arguments: TransportKind.allCases) func givesUpAfterMaxRetriesAndReturnsTheLastResponse(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let response = try await Request(.get, url: server.url("/flaky/\(key)?failures=10&status=429")).retrying(quick).over(transport).send()
        #expect(response.statusCode == 429 && response.attempts == 4)
        #expect(await server.hits("/flaky/\(key)") == 4)
        let strictKey = TestServer.uniqueKey()
        do {
            _ = try await Request(.get, url: server.url("/flaky/\(strictKey)?failures=10&status=503"))
                .retrying(quick).configured { $0.parseHTTPStatusErrors = true }.over(transport).send()
            Issue.record("expected a status error")
        } catch {
            guard case let .httpStatus(_, httpError) = error else { Issue.record("got \(error)"); return }
            #expect(httpError.statusCode == 503 && httpError.response.attempts == 4)
        }
    }

    @Test(arguments: TransportKind.allCases) func nonRetryableStatusesAndPostAreNotRetried(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        _ = try await Request(.get, url: server.url("/flaky/\(key)?failures=2&status=500")).retrying(quick).over(transport).send()
        #expect(await server.hits("/flaky/\(key)") == 1)
        let postKey = TestServer.uniqueKey()
        _ = try await Request(.post, url: server.url("/flaky/\(postKey)?failures=2&status=503")).retrying(quick).over(transport).send()
        #expect(await server.hits("/flaky/\(postKey)") == 1)
    }

    @Test(arguments: TransportKind.allCases) func retryAfterIsHonoured(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let started = Date()
        let response = try await Request(.get, url: server.url("/flaky/\(key)?failures=1&status=503&retryAfter=1"))
            .retrying(quick).over(transport).send()
        #expect(response.statusCode == 200)
        #expect(Date().timeIntervalSince(started) >= 0.95)
    }

    @Test(arguments: TransportKind.allCases) func connectionErrorsAreRetried(transport: TransportKind) async throws {
        let counter = CallCounter()
        let request = Request(.get, url: ClosedPort.url()).retrying(quick)
            .hooked(RequestHooks(willSend: [{ _ in counter.increment() }]))
        do {
            _ = try await request.over(transport).send()
            Issue.record("expected a failure")
        } catch {
            #expect(error.transportFailure == .connectionRefused)
        }
        #expect(counter.value == 4)
    }

    @Test(arguments: TransportKind.allCases) func theDeadlineCoversEveryAttempt(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let started = Date()
        let slowRetries = RetryPolicy(maxRetries: 10, initialDelay: 0.3, multiplier: 1)
        do {
            _ = try await Request(.get, url: server.url("/flaky/\(key)?failures=100&status=503"))
                .retrying(slowRetries).withDeadline(1).over(transport).send()
            Issue.record("expected the deadline to pass")
        } catch {
            guard case let .deadlineExceeded(_, deadline, attempts) = error else { Issue.record("got \(error)"); return }
            #expect(deadline == 1 && attempts >= 2)
        }
        #expect(Date().timeIntervalSince(started) < 1.5)

        let slow = Request(.get, url: server.url("/delay/5")).withDeadline(0.3)
        let slowStart = Date()
        await #expect(throws: RequestError.self) { _ = try await slow.over(transport).send() }
        #expect(Date().timeIntervalSince(slowStart) < 1.5)
    }

    @Test(arguments: TransportKind.allCases) func theFallbackIsUsedAndStillValidated(transport: TransportKind) async throws {
        let fallback = FallbackResponse(statusCode: 200, headers: ["Content-Type": "application/json"], data: Data("{\"cached\":true}".utf8))
        let response = try await Request(.get, url: ClosedPort.url()).withFallback(fallback).over(transport).send()
        #expect(response.isFallback && response.statusCode == 200 && response.text == "{\"cached\":true}")
        #expect(response.headers["content-type"] == "application/json")

        let bad = FallbackResponse(statusCode: 500, data: Data())
        do {
            _ = try await Request(.get, url: ClosedPort.url()).withFallback(bad).configured { $0.parseHTTPStatusErrors = true }.over(transport).send()
            Issue.record("a 500 fallback must fail status validation")
        } catch {
            guard case let .httpStatus(_, httpError) = error else { Issue.record("got \(error)"); return }
            #expect(httpError.response.isFallback)
        }
        let server = try await TestServer.shared()
        let statusFallback = try await Request(.get, url: server.url("/status/503"))
            .configured { $0.parseHTTPStatusErrors = true }.withFallback(fallback).over(transport).send()
        #expect(statusFallback.isFallback)
    }

    @Test(arguments: TransportKind.allCases) func cancellationStopsTheRetryLoopAtOnce(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let long = RetryPolicy(maxRetries: 5, initialDelay: 5)
        let task = Task { try await Request(.get, url: server.url("/flaky/\(key)?failures=5&status=503")).retrying(long).over(transport).send() }
        while await server.hits("/flaky/\(key)") == 0 { try await Task.sleep(for: .milliseconds(10)) }
        let cancelledAt = Date()
        task.cancel()
        let result = await task.result
        #expect(Date().timeIntervalSince(cancelledAt) < 0.5)
        if case let .failure(error as RequestError) = result { #expect(error.isCancelled) } else { Issue.record("got \(result)") }
        try await Task.sleep(for: .milliseconds(200))
        #expect(await server.hits("/flaky/\(key)") == 1)
    }
}
