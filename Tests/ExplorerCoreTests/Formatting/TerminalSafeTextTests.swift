import Testing
@testable import ExplorerCore

@Suite struct TerminalSafeTextTests {
    @Test func escapesControlCharacters() {
        #expect(TerminalSafeText.sanitize("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
        #expect(TerminalSafeText.sanitize("bell\u{7}") == "bell\\u{7}")
        #expect(TerminalSafeText.sanitize("del\u{7F}") == "del\\u{7F}")
        #expect(TerminalSafeText.sanitize("csi\u{9B}31m") == "csi\\u{9B}31m")
        #expect(TerminalSafeText.sanitize("nul\u{0}cr\r") == "nul\\u{0}cr\\u{D}")
        #expect(TerminalSafeText.sanitize("line\nbreak") == "line\\u{A}break")
    }

    @Test func keepsTabsAndPrintableUnicodeUnlessAsked() {
        #expect(TerminalSafeText.sanitize("a\tb é ✓ 😀") == "a\tb é ✓ 😀")
        #expect(TerminalSafeText.sanitize("a\tb", allowTab: false) == "a\\u{9}b")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        #expect(TerminalSafeText.sanitize(utf8: [0x61, 0xFF, 0x62, 0xC3]) == "a\u{FFFD}b\u{FFFD}")
        var output: [UInt8] = []
        let input: [UInt8] = [0x61, 0x1B, 0xFE, 0x62]
        input.withUnsafeBytes { TerminalSafeText.appendSanitized(utf8: $0, to: &output) }
        #expect(String(decoding: output, as: UTF8.self) == "a\\u{1B}\u{FFFD}b")
    }

    @Test func splitsLinesAndDropsCarriageReturnsOfCRLF() {
        let lines = TerminalSafeText.sanitizedLines(utf8: Array("one\r\ntwo\u{1B}]0;title\u{7}\n\nlast".utf8))
        #expect(lines == ["one", "two\\u{1B}]0;title\\u{7}", "", "last"])
    }
}
