import ArgumentParser
import ExplorerCore
import ExplorerHistory
import ExplorerWorkspace
import Foundation

/// `apiexplorer history [REF]`: the exchanges kept, newest first.
struct HistoryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List kept exchanges, newest first (the default `history` subcommand)."
    )

    @Argument(help: "Only this request (collection/folder/request, as `apiexplorer list` shows it).", completion: ShellCompletion.references)
    var reference: String?

    @Option(name: .long, help: "At most this many exchanges.")
    var limit = 50

    @Option(name: .long, help: "Only exchanges whose URL, method or request contains this text.")
    var grep: String?

    @Option(name: .long, help: "Only these outcomes: 2xx, 3xx, 4xx, 5xx or failed.")
    var status: String?

    @Option(name: .long, help: "Only exchanges sent in this environment.", completion: ShellCompletion.environments)
    var env: String?

    @Option(name: .long, help: "Only exchanges from this source: explorer, send, run, diff, replay, load, proxy or mcp.")
    var source: String?

    @Flag(name: .long, help: "Print JSON (an array of objects) instead of a table.")
    var json = false

    @Option(name: .customLong("history"), help: "The history database to read.")
    var file: String?

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let status, HistoryStatusFilter(label: status) == nil {
            throw ValidationError("--status takes 2xx, 3xx, 4xx, 5xx or failed, got '\(status)'")
        }
    }

    func run() throws {
        let store = try HistoryCommand.openStore(file: file)
        let query = HistoryQuery(reference: reference, text: grep ?? "", status: status.flatMap(HistoryStatusFilter.init(label:)) ?? .all,
                                 environment: env, source: source, limit: limit)
        let entries: [HistoryEntry]
        do { entries = try store.entries(matching: query) } catch {
            StandardError.write("error: " + error.description)
            throw ExitCode(.failed)
        }
        if json {
            FileHandle.standardOutput.write(Data((HistoryListCommand.json(entries) + "\n").utf8))
            return
        }
        guard !entries.isEmpty else {
            StandardError.write("No exchanges kept\(reference.map { " for \($0)" } ?? "")\(query == HistoryQuery(reference: reference, limit: limit) ? "" : " that match").")
            return
        }
        var rows = [["ID", "SENT", "ENV", "METHOD", "STATUS", "TIME", "SIZE", "REQUEST"]]
        for entry in entries {
            rows.append(["\(entry.id)", MeasurementText.timestamp(entry.sentAt), entry.environment ?? "-", entry.method,
                         HistoryListCommand.statusText(entry), entry.duration.map(MeasurementText.duration) ?? "-",
                         entry.size.map(MeasurementText.byteCount) ?? "-",
                         TerminalSafeText.sanitize(entry.reference.map { "\($0)  \(entry.url)" } ?? entry.url)])
        }
        let widths = (0..<rows[0].count - 1).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let text = rows.map { row in
            row.enumerated().map { index, cell in index < widths.count ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0) : cell }
                .joined(separator: "  ")
        }.joined(separator: "\n")
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// The status, and whether the exchange ended early (a stream stopped or cut off keeps what arrived):
    /// `200 cancelled`, `200 failed`, or `failed` when no response came.
    static func statusText(_ entry: HistoryEntry) -> String {
        guard let status = entry.status else { return "failed" }
        guard let error = entry.error else { return String(status) }
        return "\(status) " + (error.lowercased().contains("cancelled") ? "cancelled" : "failed")
    }

    /// The entries as a JSON array; times as ISO 8601 (UTC) and seconds since 1970.
    static func json(_ entries: [HistoryEntry]) -> String {
        let dates = HistoryEntry.jsonDates()
        let objects = entries.map { $0.jsonObject(dates: dates) }
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
