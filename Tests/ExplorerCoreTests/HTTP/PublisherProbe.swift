import Foundation
#if canImport(Combine)
import Combine
#else
@preconcurrency import OpenCombine
#endif
import Testing
import TestSupport
@testable import ExplorerCore

/// Collects a publisher's events from any thread.
final class PublisherProbe<Output>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Output] = []
    private var completion: Subscribers.Completion<RequestError>?
    var cancellable: AnyCancellable?

    func attach(_ publisher: AnyPublisher<Output, RequestError>) {
        cancellable = publisher.sink(
            receiveCompletion: { [self] completion in lock.withLock { self.completion = completion } },
            receiveValue: { [self] value in lock.withLock { values.append(value) } })
    }

    var received: [Output] { lock.withLock { values } }
    var finished: Subscribers.Completion<RequestError>? { lock.withLock { completion } }

    func waitForCompletion(timeout: TimeInterval = 5) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while finished == nil && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }
}
