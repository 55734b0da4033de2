import ExplorerCapture
import Foundation

/// The exchanges a test's proxy reported, in the order they finished.
final class ExchangeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [CapturedExchange] = []

    /// Keeps one.
    func add(_ exchange: CapturedExchange) {
        lock.withLock { exchanges.append(exchange) }
    }

    /// Those kept so far.
    var all: [CapturedExchange] { lock.withLock { exchanges } }

    /// Waits up to `timeout` seconds for `count` exchanges (the proxy reports one after its answer went out).
    func waitFor(_ count: Int, timeout: TimeInterval = 10) async -> [CapturedExchange] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let now = all
            if now.count >= count { return now }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return all
    }
}
