import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C during `send`: rather than the process dying with what it printed half done, the send is cancelled, so a
/// stream stops cleanly and what arrived is counted and kept. A second Ctrl-C ends the process as usual.
final class InterruptSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var source: DispatchSourceSignal?
    private var interrupted = false

    /// Catches SIGINT from now on and calls `onInterrupt` (on a global queue) the first time it comes.
    init(onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in
            signal(SIGINT, SIG_DFL)
            self?.lock.withLock { self?.interrupted = true }
            onInterrupt()
        }
        source.resume()
        self.source = source
    }

    /// True when Ctrl-C came.
    var wasInterrupted: Bool { lock.withLock { interrupted } }

    /// Stops catching SIGINT.
    func stop() {
        lock.withLock {
            source?.cancel()
            source = nil
        }
        signal(SIGINT, SIG_DFL)
    }
}
