import ExplorerTUI
import Testing

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("한", 2), ("\u{1100}\u{1161}", 2),
        ("ｶ", 1), ("Ａ", 2), ("あ", 2), ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2),
        ("❤️", 2), ("❤", 1), ("a\u{FE0F}", 1), ("1️⃣", 2), ("\u{200B}", 0), ("\u{301}", 0), ("\u{200D}", 0),
        ("\u{FE0F}", 0), ("\u{1B}", 2), ("\t", 2), ("\u{7F}", 2), ("\u{85}", 4), ("─", 1),
    ] as [(String, Int)])
    func characterWidths(text: String, expected: Int) {
        guard let character = text.first, text.count == 1 else {
            Issue.record("\(text.debugDescription) is not a single grapheme")
            return
        }
        #expect(DisplayWidth.width(of: character) == expected, "\(text.debugDescription)")
    }

    @Test func stringWidthSumsGraphemes() {
        #expect(DisplayWidth.width(of: "abc") == 3)
        #expect(DisplayWidth.width(of: "日本語") == 6)
        #expect(DisplayWidth.width(of: "a😀b") == 4)
        #expect(DisplayWidth.width(of: "") == 0)
    }

    @Test func controlsAreShownInCaretNotation() {
        #expect(DisplayWidth.visibleText(for: "a\u{1B}[31mb") == "a^[[31mb")
        #expect(DisplayWidth.visibleText(for: "\u{0}\u{7F}\u{9B}") == "^@^?<9B>")
        #expect(DisplayWidth.visibleText(for: "x\r\ny") == "x^M^Jy")
        #expect(DisplayWidth.isControl("\n"))
        #expect(!DisplayWidth.isControl("中"))
    }
}
