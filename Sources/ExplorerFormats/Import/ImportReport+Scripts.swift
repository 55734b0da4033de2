import ExplorerWorkspace
import Foundation

extension ImportReport {
    /// Notes that `kind` (`pre-request script`) of `item`, `text`, became its `scripts.PHASE`, with its line count.
    mutating func addScript(_ item: String, kind: String, text: String, phase: ScriptPhase) {
        let lines = ImportReport.lineCount(text)
        add(item, "\(kind) (\(lines) line\(lines == 1 ? "" : "s")) imported as scripts.\(phase.rawValue)")
    }

    /// The lines of a script that are not blank.
    static func lineCount(_ text: String) -> Int {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
    }
}
