import ExplorerCapture
import ExplorerCore
import Foundation

/// Prints one line per exchange the proxy carries: number, method, URL, status, time and size.
final class ProxyLinePrinter: @unchecked Sendable {
    private let lock = NSLock()
    private var printed = 0

    /// How many exchanges were printed.
    var count: Int { lock.withLock { printed } }

    /// Prints `exchange`'s line, and `problem` (a collection that could not be written) below it.
    func print(_ exchange: CapturedExchange, problem: String?) {
        let number = String(exchange.number)
        var line = String(repeating: " ", count: max(0, 4 - number.count)) + number + "  "
            + exchange.method.padding(toLength: max(7, exchange.method.count), withPad: " ", startingAt: 0) + " " + TerminalSafeText.sanitize(exchange.url)
        if let status = exchange.status {
            line += "  \(status)"
            if let response = exchange.response {
                line += "  " + MeasurementText.duration(response.duration) + "  " + MeasurementText.byteCount(response.byteCount)
            } else if let conversation = exchange.conversation {
                line += "  \(conversation.events.count) message\(conversation.events.count == 1 ? "" : "s")"
            }
        } else {
            line += "  failed: " + TerminalSafeText.sanitize(exchange.failure ?? "no answer")
        }
        if let problem { line += "\n      error: could not write the collection: " + TerminalSafeText.sanitize(problem) }
        lock.withLock {
            printed += 1
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}
