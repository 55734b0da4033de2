import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One hop on `URLSessionTransport`: the data task, which `send(session:autoResumeTask:completion:)` hands out.
final class URLSessionExchange: TransportExchange, @unchecked Sendable {
    /// The task carrying the hop.
    let task: URLSessionDataTask

    init(task: URLSessionDataTask) {
        self.task = task
    }

    func resume() { task.resume() }

    func cancel() { task.cancel() }
}
