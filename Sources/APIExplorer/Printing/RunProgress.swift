import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The progress bar `run` draws on standard error while requests finish, only when standard error is a terminal.
final class RunProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled: Bool
    private var drawn = false

    init() { enabled = isatty(STDERR_FILENO) == 1 }

    /// Redraws the bar: `[#######.............]  7/20  Demo/users/get-user`.
    func update(done: Int, total: Int, reference: String) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = min(width, done * width / total)
        let line = "\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] \(done)/\(total)  \(String(reference.prefix(50)))\u{1B}[K"
        lock.withLock {
            FileHandle.standardError.write(Data(line.utf8))
            drawn = true
        }
    }

    /// Clears the bar before the summary is printed.
    func finish() {
        lock.withLock {
            guard drawn else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            drawn = false
        }
    }
}
