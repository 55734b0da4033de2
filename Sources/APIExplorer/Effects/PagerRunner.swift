import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Hands the terminal to `$PAGER` (else `less -R`) on the response body as the explorer formats it (a body too
/// large to format at once is paged as its bytes), then takes it back.
enum PagerRunner {
    /// Bodies with more formatted lines than this are written as received rather than formatted line by line.
    static let formattedLineLimit = 500_000

    static func run(document: BodyDocument, data: Data, terminal: NcursesTerminal) -> EffectReport {
        guard let file = NcursesTerminal.privateTemporaryFile(suffix: "txt"), let handle = try? FileHandle(forWritingTo: file) else {
            return .pagerNotStarted(reason: "Could not write a temporary file for the pager in \(FileManager.default.temporaryDirectory.path).")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            if document.lineCount <= formattedLineLimit {
                // A chunk at a time: the document formats lines lazily and never holds the whole text.
                var start = 0
                while start < document.lineCount {
                    let end = min(document.lineCount, start + BodyDocument.chunkSize)
                    let text = document.lines(in: start..<end).map(\.text).joined(separator: "\n") + "\n"
                    try handle.write(contentsOf: Data(text.utf8))
                    start = end
                }
            } else {
                try handle.write(contentsOf: data)
            }
            try handle.close()
        } catch {
            return .pagerNotStarted(reason: "Could not write the body for the pager: \(error.localizedDescription)")
        }
        let pager = ProcessInfo.processInfo.environment["PAGER"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? "less -R"
        let status = terminal.handOver(to: pager, file: file.path)
        return .pagerClosed(pager: pager, status: status)
    }
}
