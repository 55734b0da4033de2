import ExplorerCore
import Foundation

/// Writes diagnostics to standard error, unbuffered, so they interleave correctly with output.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((TerminalSafeText.sanitize(line) + "\n").utf8))
    }

    /// Writes `text` as is: for escape sequences meant for the terminal (OSC 52), which `write` would neutralise.
    static func writeRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
