import ExplorerTUI
import Foundation
import Testing

/// Compares `buffer.lines` with `__Snapshots__/<name>.txt` next to this file.
///
/// The file is (re)written, and an issue recorded so the run is not mistaken for a pass, when it is
/// missing or when `RECORD_SNAPSHOTS=1` is set. A mismatch reports every differing line with its number.
func assertSnapshot(
    _ buffer: CellBuffer,
    named name: String,
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertSnapshot(text: buffer.lines.joined(separator: "\n"), named: name, filePath: filePath, sourceLocation: sourceLocation)
}

/// Compares `actual` with `__Snapshots__/<name>.txt` next to the calling file, recording it as `assertSnapshot` does.
func assertSnapshot(
    text actual: String,
    named name: String,
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("Recorded snapshot \(name) at \(file.path); re-run without RECORD_SNAPSHOTS to verify", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard expected != actual else { return }
    Issue.record("Snapshot \(name) differs:\n\(lineDiff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
}

/// A line-by-line listing of the lines that differ, with 1-based line numbers; `|` marks line ends
/// so trailing spaces are visible.
func lineDiff(expected: String, actual: String) -> String {
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    var report: [String] = []
    for number in 0..<max(expectedLines.count, actualLines.count) {
        let old = number < expectedLines.count ? expectedLines[number] : nil
        let new = number < actualLines.count ? actualLines[number] : nil
        guard old != new else { continue }
        report.append("line \(number + 1):")
        report.append("  expected: " + (old.map { "|\($0)|" } ?? "<missing>"))
        report.append("  actual:   " + (new.map { "|\($0)|" } ?? "<missing>"))
    }
    return report.joined(separator: "\n")
}

/// Asserts the buffer's lines equal `expected` exactly, with a line diff on failure.
func expectLines(_ buffer: CellBuffer, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = buffer.lines
    if actual != expected {
        Issue.record(
            "Rendered lines differ:\n\(lineDiff(expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n")))",
            sourceLocation: sourceLocation
        )
    }
}

/// Asserts every rendered line is exactly as wide as the buffer, i.e. nothing broke the grid.
func expectGridIntact(_ buffer: CellBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
    for (number, line) in buffer.lines.enumerated() {
        #expect(DisplayWidth.width(of: line) == buffer.width, "line \(number + 1) is |\(line)|", sourceLocation: sourceLocation)
    }
}
