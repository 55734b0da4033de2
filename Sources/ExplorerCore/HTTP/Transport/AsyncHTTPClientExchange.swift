import AsyncHTTPClient
import Foundation

/// One hop on `AsyncHTTPClientTransport`: starts the AHC task on `resume()` and cancels it on `cancel()`.
final class AsyncHTTPClientExchange: TransportExchange, @unchecked Sendable {
    private let lock = NSLock()
    private var start: (() -> HTTPClient.Task<Void>)?
    private var failure: (() -> Void)?
    private var task: HTTPClient.Task<Void>?
    private var cancelled = false
    private let events: HopReceiver

    init(events: HopReceiver) {
        self.events = events
    }

    /// What `resume()` runs to start the hop.
    func prepare(_ start: @escaping () -> HTTPClient.Task<Void>) {
        lock.withLock { self.start = start }
    }

    /// The hop cannot be sent: `resume()` reports why instead of sending.
    func failAtResume(_ report: @escaping () -> Void) {
        lock.withLock { failure = report }
    }

    func resume() {
        let (start, failure) = lock.withLock { () -> ((() -> HTTPClient.Task<Void>)?, (() -> Void)?) in
            defer { self.start = nil; self.failure = nil }
            return cancelled ? (nil, nil) : (self.start, self.failure)
        }
        if let failure { return failure() }
        guard let start else { return }
        let started = start()
        let cancelNow = lock.withLock { () -> Bool in
            task = started
            return cancelled
        }
        if cancelNow { started.cancel() }
    }

    func cancel() {
        let task = lock.withLock { () -> HTTPClient.Task<Void>? in
            cancelled = true
            return self.task
        }
        // Not started: nothing will report the end, so it is reported here (the receiver keeps only the first end).
        guard let task else { return events.finished(error: URLError(.cancelled)) }
        task.cancel()
    }
}
