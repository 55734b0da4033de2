import ExplorerCore
import Foundation

/// Writes diagnostics to standard error, unbuffered, so they interleave correctly with output.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((TerminalSafeText.sanitize(line) + "\n").utf8))
    }
}
