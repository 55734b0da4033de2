import ExplorerCapture
import Foundation

/// The proxy's finished exchanges on their way to the terminal, collections and history: gathered as they end and
/// handled in order on one queue, a few at a time. Waking a thread for each exchange was a tenth of the proxy's cost
/// to a client (perf: thread switches), and a line 20 ms late is still a line while the proxy runs.
final class ProxyRecords: @unchecked Sendable {
    private let queue = DispatchQueue(label: "apiexplorer.proxy.records")
    private let handle: @Sendable (CapturedExchange) -> Void
    private let lock = NSLock()
    private var waiting: [CapturedExchange] = []
    private var scheduled = false

    /// `handle` runs on the queue for each exchange, in the order they were added.
    init(handle: @escaping @Sendable (CapturedExchange) -> Void) {
        self.handle = handle
    }

    /// Takes a finished exchange; it is handled within 20 ms.
    func add(_ exchange: CapturedExchange) {
        let schedule = lock.withLock { () -> Bool in
            waiting.append(exchange)
            defer { scheduled = true }
            return !scheduled
        }
        if schedule { queue.asyncAfter(deadline: .now() + .milliseconds(20)) { self.drain() } }
    }

    /// Handles everything added so far, then returns.
    func flush() async {
        await withCheckedContinuation { continuation in
            queue.async {
                self.drain()
                continuation.resume()
            }
        }
    }

    private func drain() {
        let batch = lock.withLock { () -> [CapturedExchange] in
            defer {
                waiting = []
                scheduled = false
            }
            return waiting
        }
        batch.forEach(handle)
    }
}
