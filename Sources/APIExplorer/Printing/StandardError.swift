import ExplorerCore
import Foundation

/// Writes diagnostics to standard error, unbuffered, so they interleave correctly with output.
enum StandardError {
    /// Writes `text` and a line break, each of its lines made terminal-safe: a message of several lines (the reads
    /// a collection is not trusted with) keeps its line breaks, and any other control character shows escaped.
    static func write(_ text: String) {
        let lines = TerminalSafeText.sanitizedLines(utf8: Array(text.utf8))
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Writes `text` as is: for escape sequences meant for the terminal (OSC 52), which `write` would neutralise.
    static func writeRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
