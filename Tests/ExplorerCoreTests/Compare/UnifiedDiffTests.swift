@testable import ExplorerChecks
@testable import ExplorerCore
import ExplorerWorkspace
import Testing

/// Two texts as `diff -u` prints them.
@Suite("Unified diff")
struct UnifiedDiffTests {
    @Test func hunksCarryThreeLinesOfContextAndTheirRanges() {
        let old = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n").replacingOccurrences(of: "line 12\n", with: "line 12\nline 13\n")
        #expect(UnifiedDiff.lines(old, new, oldLabel: "a", newLabel: "b") == [
            "--- a", "+++ b",
            "@@ -1,5 +1,5 @@", " line 1", "-line 2", "+line two", " line 3", " line 4", " line 5",
            "@@ -10,3 +10,4 @@", " line 10", " line 11", " line 12", "+line 13",
        ])
    }

    @Test func theSameTextsGiveOnlyTheLabels() {
        #expect(UnifiedDiff.lines("a\nb\n", "a\nb\n", oldLabel: "x", newLabel: "y") == ["--- x", "+++ y"])
    }
}
