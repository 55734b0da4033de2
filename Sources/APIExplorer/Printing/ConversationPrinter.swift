import ExplorerCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerWorkspace

/// Prints a WebSocket conversation the one way `send` and `history show` both do: each message under its line
/// (`← text · 9 B · +0.012 s`, `→` for one sent), then its data, formatted JSON when it is JSON, hex for binary.
/// With `bodyOnly` only the data of the messages received is printed.
struct ConversationPrinter: Sendable {
    /// Print only the data of each message received, no `→`/`←` lines and nothing of the messages sent.
    var bodyOnly: Bool
    /// How JSON messages are printed.
    var pretty: PrettyMode
    /// Colour escapes allowed on standard output.
    var useColor: Bool
    /// Masks secrets in what is printed.
    var masker: SecretMasker

    /// Writes one message to standard output: `sent` for one that went out, received otherwise; `seconds` since the
    /// connection was asked for.
    func write(_ message: WebSocketMessage, sent: Bool, at seconds: Double) {
        if sent && bodyOnly { return }
        StandardOutput.write(Array(masker.mask(text(message, sent: sent, at: seconds)).utf8), to: STDOUT_FILENO)
    }

    /// Writes a conversation kept as events (history), each message sent or received at its time.
    func write(_ event: StreamEvent) {
        write(WebSocketTranscript.message(of: event), sent: event.kind == .sent, at: event.time)
    }

    /// The message as printed, ending with a line feed.
    func text(_ message: WebSocketMessage, sent: Bool, at seconds: Double) -> String {
        var text = ""
        if !bodyOnly {
            text += "\(sent ? "→" : "←") \(message.kind.rawValue) · \(MeasurementText.byteCount(message.data.count)) · +\(String(format: "%.3f", seconds)) s\n"
        }
        switch message.kind {
        case .text:
            if pretty.formats, let formatted = try? JSONFormatter.prettyPrinted(message.data, style: useColor ? .standard : nil) {
                text += String(decoding: formatted, as: UTF8.self)
            } else {
                text += TerminalSafeText.sanitize(message.text ?? "")
            }
        case .binary:
            text += message.data.map { String(format: "%02x", $0) }.joined(separator: " ")
        }
        if !text.hasSuffix("\n") { text += "\n" }
        return text
    }
}
