import Foundation

/// Resumes the proxy's wait once, on the first SIGINT or SIGTERM, and keeps the signal sources alive until then.
final class ProxyStopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation = continuation
    }

    /// Keeps a signal source for as long as the wait lasts.
    func keep(_ source: any DispatchSourceSignal) {
        lock.withLock { sources.append(source) }
    }

    /// Ends the wait, the first time only.
    func fire() {
        let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume()
    }
}
