import ArgumentParser
import ExplorerCore
import ExplorerHistory
import ExplorerWorkspace
import Foundation

/// `apiexplorer history export --har FILE [REF] [filters]`: kept exchanges as an HTTP Archive.
struct HistoryExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write kept exchanges as a HAR 1.2 file, oldest first, masked as history keeps them.",
        discussion: """
            The filters are those of `apiexplorer history`: a request reference, --grep, --status, --env and --limit \
            (the newest N that match; default all). Each entry has the timings the trace measured (blocked, DNS, \
            connect, TLS, wait for the first byte, receive; -1 where not measured, as for exchanges kept before \
            history stored them). The file is read back with `apiexplorer import har`.

            Exit codes: 0 written; 1 the history cannot be read, or no exchange matches (nothing is written); \
            3 the file cannot be written; 64 usage error.
            """
    )

    @Option(name: .long, help: "The HAR file to write (- for standard output).")
    var har: String

    @Argument(help: "Only this request (collection/folder/request, as `apiexplorer list` shows it).", completion: ShellCompletion.references)
    var reference: String?

    @Option(name: .long, help: "At most the newest this many exchanges (default: all that match).")
    var limit: Int?

    @Option(name: .long, help: "Only exchanges whose URL, method or request contains this text.")
    var grep: String?

    @Option(name: .long, help: "Only these outcomes: 2xx, 3xx, 4xx, 5xx or failed.")
    var status: String?

    @Option(name: .long, help: "Only exchanges sent in this environment.", completion: ShellCompletion.environments)
    var env: String?

    @Option(name: .customLong("history"), help: "The history database to read.")
    var file: String?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let status, HistoryStatusFilter(label: status) == nil {
            throw ValidationError("--status takes 2xx, 3xx, 4xx, 5xx or failed, got '\(status)'")
        }
        if har.isEmpty { throw ValidationError("--har needs a file name, or - for standard output") }
    }

    func run() throws {
        let store = try HistoryCommand.openStore(file: file)
        let query = HistoryQuery(reference: reference, text: grep ?? "", status: status.flatMap(HistoryStatusFilter.init(label:)) ?? .all,
                                 environment: env, limit: limit ?? Int(Int32.max))
        var exchanges: [HistoryExchange] = []
        do {
            // Newest first from the store; a HAR reads oldest first, as the requests were made.
            for entry in try store.entries(matching: query).reversed() {
                if let exchange = try store.exchange(id: entry.id) { exchanges.append(exchange) }
            }
        } catch {
            StandardError.write("error: " + error.description)
            throw ExitCode(.failed)
        }
        guard !exchanges.isEmpty else {
            StandardError.write("error: no exchanges kept\(reference.map { " for \($0)" } ?? "")\(query == HistoryQuery(reference: reference, limit: query.limit) ? "" : " that match"); nothing written")
            throw ExitCode(.failed)
        }
        let data = HistoryHARWriter.archive(exchanges)
        if har == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            // Masked as it is, the archive still holds every URL and body sent: readable by its owner only, as history is.
            try AtomicFileWriter.write(data, to: har, mode: 0o600)
        } catch {
            StandardError.write("error: \(har): \(error)")
            throw ExitCode(.notWritten)
        }
        StandardError.write("Wrote \(exchanges.count) exchange\(exchanges.count == 1 ? "" : "s") to \(har)")
    }
}
