import Foundation
#if canImport(Combine)
import Combine
#else
@preconcurrency import OpenCombine
#endif
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Publisher: lazy, shared, cancellable")
struct PublisherTests {
    @Test func nothingIsSentUntilTheFirstSubscriber() async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let publisher: AnyPublisher<Request.PublisherResponse, RequestError> = Request(.get, url: server.url("/echo/\(key)")).send()
        try await Task.sleep(for: .milliseconds(150))
        #expect(await server.hits("/echo/\(key)") == 0)
        let probe = PublisherProbe<Request.PublisherResponse>()
        probe.attach(publisher)
        try await probe.waitForCompletion()
        #expect(probe.received.count == 1)
        #expect(probe.received.first?.urlResponse.statusCode == 200)
        #expect(probe.received.first.map { String(decoding: $0.data, as: UTF8.self).contains(key) } == true)
        #expect(await server.hits("/echo/\(key)") == 1)
    }

    @Test func subscribersShareOneRequest() async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let publisher: AnyPublisher<Request.PublisherResponse, RequestError> = Request(.get, url: server.url("/echo/\(key)")).send()
        let first = PublisherProbe<Request.PublisherResponse>()
        let second = PublisherProbe<Request.PublisherResponse>()
        first.attach(publisher)
        second.attach(publisher)
        try await first.waitForCompletion()
        try await second.waitForCompletion()
        let late = PublisherProbe<Request.PublisherResponse>()
        late.attach(publisher)
        try await late.waitForCompletion()
        #expect(first.received.count == 1 && second.received.count == 1 && late.received.count == 1)
        #expect(first.received.first?.data == second.received.first?.data)
        #expect(await server.hits("/echo/\(key)") == 1)
    }

    @Test func cancellingEverySubscriberCancelsTheRequest() async throws {
        let server = try await TestServer.shared()
        let failures = CallCounter()
        let request = Request(.get, url: server.url("/delay/3"))
            .hooked(RequestHooks(didFail: [{ error in if error.isCancelled { failures.increment() } }]))
        let publisher: AnyPublisher<Request.PublisherResponse, RequestError> = request.send()
        let first = PublisherProbe<Request.PublisherResponse>()
        let second = PublisherProbe<Request.PublisherResponse>()
        first.attach(publisher)
        second.attach(publisher)
        try await Task.sleep(for: .milliseconds(100))
        first.cancellable?.cancel()
        try await Task.sleep(for: .milliseconds(100))
        #expect(failures.value == 0)
        second.cancellable?.cancel()
        let deadline = Date().addingTimeInterval(2)
        while failures.value == 0 && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(failures.value == 1)
        #expect(first.received.isEmpty && second.received.isEmpty)
    }

    @Test func decodingPublisherSendsTheModelAndFailures() async throws {
        let server = try await TestServer.shared()
        let publisher: AnyPublisher<Request.PublisherModelResponse<EchoReply>, RequestError> =
            Request(.patch, url: server.url("/echo")).send(decoder: JSONDecoder())
        let probe = PublisherProbe<Request.PublisherModelResponse<EchoReply>>()
        probe.attach(publisher)
        try await probe.waitForCompletion()
        #expect(probe.received.first?.responseModel.method == "PATCH")
        #expect(probe.received.first?.urlResponse.statusCode == 200)

        let failing: AnyPublisher<Request.PublisherModelResponse<EchoReply>, RequestError> =
            Request(.get, url: server.url("/status/404")).configured { $0.parseHTTPStatusErrors = true }.send(decoder: JSONDecoder())
        let failed = PublisherProbe<Request.PublisherModelResponse<EchoReply>>()
        failed.attach(failing)
        try await failed.waitForCompletion()
        guard case let .failure(.httpStatus(_, error)) = failed.finished else { Issue.record("got \(String(describing: failed.finished))"); return }
        #expect(error.kind == .notFound)
    }
}
