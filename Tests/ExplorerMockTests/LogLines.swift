import Foundation

/// Log lines collected from the server's event loops.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }

    var all: [String] { lock.withLock { lines } }
}
