import ExplorerCore
import ExplorerHistory
import ExplorerWorkspace
import Foundation

/// Records a command's exchanges: opens the store on first use, and when history cannot be used says so once
/// (`warn`) and goes on without it, so history never stops a send.
final class HistoryRecorder: @unchecked Sendable {
    private let settings: HistorySettings
    private let warn: @Sendable (String) -> Void
    private let lock = NSLock()
    /// Where the explorer's history work runs: SQLite calls block (up to the busy wait on a locked file), so they stay
    /// off Swift's small cooperative pool, where they would hold up sends and searches.
    private let queue = DispatchQueue(label: "apiexplorer.history")
    private var opened = false
    private var store: HistoryStore?

    /// `warn` hears, once, why history is off (a bad setting, an unreadable or locked file).
    init(settings: HistorySettings, warn: @escaping @Sendable (String) -> Void = { StandardError.write("apiexplorer: warning: " + $0) }) {
        self.settings = settings
        self.warn = warn
    }

    /// How much each exchange keeps.
    var limits: HistoryLimits { settings.limits }

    /// True when history was turned off (`--no-history`, `APIEXPLORER_HISTORY=off`) with nothing to warn about: there
    /// is no store to open, so a command skips the history queue altogether rather than wake its thread per exchange.
    var isOff: Bool { settings.path == nil && settings.problem == nil }

    /// The store, opened on first use; nil when history is off.
    func open() -> HistoryStore? {
        lock.lock()
        defer { lock.unlock() }
        guard !opened else { return store }
        opened = true
        let result = settings.open()
        store = result.store
        if let problem = result.problem { warn(problem) }
        return store
    }

    /// Opens the store on the history queue now, removing exchanges past the maximum age as it does, so a command's
    /// start does not wait for either and its first record finds the store ready (or waits for the opening to end).
    func openInBackground() {
        guard !isOff else { return }
        later { _ = self.open() }
    }

    /// Stores an exchange; a failure is reported once and history stops for this run.
    func record(_ exchange: HistoryExchange) {
        guard let store = open() else { return }
        do {
            try store.record(exchange)
        } catch {
            lock.lock()
            let first = self.store != nil
            self.store = nil
            lock.unlock()
            if first { warn(error.description) }
        }
    }

    /// Runs `work` on the history queue, later; for the explorer, which must not wait for it.
    func later(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Runs `work` with the store on the history queue and returns its result; nil when history is off.
    func withStore<T: Sendable>(_ work: @escaping @Sendable (HistoryStore) -> T?) async -> T? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.open().flatMap(work)) }
        }
    }

    /// Records the exchange of a resolved request: `response`, or `failure` when none arrived.
    func record(_ resolved: ResolvedRequest, response: Request.Response?, failure: String?, source: String, sentAt: Date) {
        guard open() != nil else { return }
        record(HistoryExchange.recording(resolved, response: response, failure: failure, source: source, sentAt: sentAt, limits: limits))
    }
}
