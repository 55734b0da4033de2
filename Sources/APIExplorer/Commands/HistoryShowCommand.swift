import ArgumentParser
import ExplorerCore
import ExplorerHistory
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerWorkspace

/// `apiexplorer history show ID`: one kept exchange, printed the way `send` prints.
struct HistoryShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print one kept exchange the way `send` prints a response.",
        discussion: "Exit codes: 0 shown; 1 no such exchange, or the history cannot be read; 2 the exchange got no response (its error is printed)."
    )

    @Argument(help: "The exchange's id (the ID column of `apiexplorer history`).")
    var id: Int64

    @Option(name: .customLong("print"), help: "What to print: H request head, B request body, h response head, b response body, m status/time/size.")
    var printParts: String?

    @Option(name: .long, help: "all, colors, format or none (default: all on a terminal, none otherwise).")
    var pretty: PrettyMode?

    @Flag(name: .long, help: "For a streamed response or a WebSocket conversation, print each kept event or message at the time it came when it was sent.")
    var replay = false

    @Option(name: .customLong("history"), help: "The history database to read.")
    var file: String?

    func validate() throws {
        if let printParts, printParts.isEmpty || !printParts.allSatisfy({ "HBhbm".contains($0) }) {
            throw ValidationError("--print takes the letters H, B, h, b and m, e.g. --print hb")
        }
    }

    func run() throws {
        let store = try HistoryCommand.openStore(file: file)
        let found: HistoryExchange?
        do { found = try store.exchange(id: id) } catch {
            StandardError.write("error: " + error.description)
            throw ExitCode(.failed)
        }
        guard let exchange = found else {
            StandardError.write("error: no exchange \(id) in \(store.path); `apiexplorer history` lists them")
            throw ExitCode(.failed)
        }
        let isTTY = isatty(STDOUT_FILENO) == 1
        let mode = pretty ?? (isTTY ? .all : .none)
        let noColor = StandardOutput.noColorRequested
        let printer = ResponsePrinter(parts: Set(printParts ?? "mhb"), pretty: mode, useColor: isTTY && mode.colors && !noColor,
                                      masker: SecretMasker(secrets: []))
        // Where and when it was sent goes to stderr, so stdout is exactly what `send` would have printed.
        StandardError.write(HistoryShowCommand.origin(of: exchange))
        if exchange.request.method == HistoryExchange.grpcMethod {
            return try printCall(exchange, parts: Set(printParts ?? "mb"),
                                 printer: ConversationPrinter(bodyOnly: true, pretty: mode, useColor: printer.useColor, masker: SecretMasker(secrets: [])))
        }
        StandardOutput.write(Array(printer.requestText(exchange.storedRequest, headers: exchange.request.headers).utf8), to: STDOUT_FILENO)
        guard let response = exchange.storedResponse else {
            StandardError.write("error: " + (exchange.error ?? "no response was received"))
            throw ExitCode(.trouble)
        }
        if exchange.request.method == "WS", let events = response.events {
            let parts = Set(printParts ?? "mhb")
            printConversation(events, of: exchange, printer: ConversationPrinter(bodyOnly: !parts.contains("h") && !parts.contains("m"),
                                                                               pretty: mode, useColor: printer.useColor,
                                                                               masker: SecretMasker(secrets: [])))
            return
        }
        if let events = response.events {
            printEvents(events, of: response, printer: printer)
            return
        }
        printer.writeResponse(response) { StandardOutput.write($0, to: STDOUT_FILENO) }
        if let body = exchange.response?.body, body.isTruncated {
            StandardError.write("note: history kept \(MeasurementText.byteCount(body.data.count)) of the \(MeasurementText.byteCount(body.size)) body")
        }
    }

    /// A streamed response as `send` printed it, event by event; with `--replay` each at its time since sending.
    private func printEvents(_ events: [StreamEvent], of response: Request.Response, printer: ResponsePrinter) {
        let stream = StreamPrinter(printer: printer, printTo: STDOUT_FILENO, output: nil)
        let format = StreamFormat(contentType: response.headers["Content-Type"])
        stream.handle(.head(ResponseHead(urlResponse: response.urlResponse, headers: response.headers, format: format, time: 0)))
        let started = Date()
        for event in events {
            if replay {
                let wait = event.time - Date().timeIntervalSince(started)
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            }
            stream.handle(.events([event]))
        }
        StandardError.write("\(events.count) event\(events.count == 1 ? "" : "s") kept")
    }

    /// A WebSocket conversation as `send` printed it, each message sent (→) and received (←) with its time; with
    /// `--replay` each at that time.
    private func printConversation(_ events: [StreamEvent], of exchange: HistoryExchange, printer: ConversationPrinter) {
        let subprotocol = exchange.response?.header("Sec-WebSocket-Protocol").map { " (\($0))" } ?? ""
        StandardError.write("Connected to \(exchange.request.url)\(subprotocol)")
        let started = Date()
        for event in events {
            if replay {
                let wait = event.time - Date().timeIntervalSince(started)
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            }
            printer.write(event)
        }
        let sent = events.filter { $0.kind == .sent }.count
        let received = events.count - sent
        StandardError.write("\(sent) message\(sent == 1 ? "" : "s") sent, \(received) received kept")
    }

    /// `#12 · 2026-11-24 23:41:05 · local · Demo/users/get-user (send)`.
    static func origin(of exchange: HistoryExchange) -> String {
        "#\(exchange.id ?? 0) · \(MeasurementText.timestamp(exchange.sentAt)) · \(exchange.environment ?? "no environment") · "
            + "\(exchange.reference ?? exchange.request.url) (\(exchange.source))"
    }

    /// A gRPC call as `send` printed it: the call and its metadata (H), the headers and trailers (h), each reply (b)
    /// and the status (m); with `--replay` each reply at its time.
    private func printCall(_ exchange: HistoryExchange, parts: Set<Character>, printer: ConversationPrinter) throws {
        if parts.contains("H") {
            let head = "GRPC \(exchange.request.url)\n" + exchange.request.headers.map { "\($0.name): \($0.value)\n" }.joined() + "\n"
            StandardOutput.write(Array(head.utf8), to: STDOUT_FILENO)
        }
        guard let response = exchange.response else {
            StandardError.write("error: " + (exchange.error ?? "the call was not made"))
            throw ExitCode(.trouble)
        }
        if parts.contains("h") { GRPCSend.writeHeaders(response.headers.map { ($0.name, $0.value) }, masker: printer.masker) }
        let started = Date()
        for event in response.events ?? [] where parts.contains("b") {
            if replay {
                let wait = event.time - Date().timeIntervalSince(started)
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            }
            printer.write(WebSocketMessage(text: event.data), sent: false, at: event.time)
        }
        if parts.contains("m") { StandardOutput.write(Array((response.reason + "\n").utf8), to: STDOUT_FILENO) }
    }
}
