@testable import ScreenSVG
import Testing

/// The parser against sequences as `tmux capture-pane -p -e -N` writes them (copied from tmux 3.3a's output).
@Suite struct ANSIScreenParserTests {
    private func parse(_ text: String, columns: Int? = nil, rows: Int? = nil) -> ScreenGrid {
        ANSIScreenParser(columns: columns, rows: rows).parse(text)
    }

    @Test func plainTextFillsCellsAndIsPaddedToTheScreen() {
        let grid = parse("ab\ncd\n", columns: 4, rows: 3)
        #expect(grid.columns == 4)
        #expect(grid.rows.count == 3)
        #expect((0..<3).map(grid.text(ofRow:)) == ["ab  ", "cd  ", "    "])
        #expect(grid.rows.joined().allSatisfy { $0.style == .plain && $0.width == 1 })
    }

    @Test func withoutASizeTheWidestLineAndTheLinesDecide() {
        let grid = parse("abc\nd\n")
        #expect(grid.columns == 3)
        #expect((0..<grid.rows.count).map(grid.text(ofRow:)) == ["abc", "d  "])
    }

    @Test func sixteenColoursAndTheirResets() {
        let row = parse("\u{1B}[31mred\u{1B}[39m plain \u{1B}[1m\u{1B}[44mbold\u{1B}[91;101mX").rows[0]
        #expect(row[0].style.foreground == .indexed(1))
        #expect(row[3].style.foreground == .default)
        #expect(row[10].text == "b" && row[10].style.bold && row[10].style.background == .indexed(4))
        #expect(row[14].style.foreground == .indexed(9) && row[14].style.background == .indexed(9) && row[14].style.bold)
    }

    @Test func combinedParametersAndAResetInTheSameSequence() {
        let row = parse("\u{1B}[1;4;7mA\u{1B}[0;3mB\u{1B}[mC").rows[0]
        #expect(row[0].style == CellStyle(bold: true, underline: true, reverse: true))
        #expect(row[1].style == CellStyle(italic: true))
        #expect(row[2].style == .plain)
    }

    @Test func paletteAndTrueColourBySemicolons() {
        let row = parse("\u{1B}[38;5;208mo\u{1B}[48;5;17mb\u{1B}[38;2;10;20;30mr\u{1B}[49mn").rows[0]
        #expect(row[0].style.foreground == .indexed(208))
        #expect(row[1].style.foreground == .indexed(208) && row[1].style.background == .indexed(17))
        #expect(row[2].style.foreground == .rgb(10, 20, 30) && row[2].style.background == .indexed(17))
        #expect(row[3].style.foreground == .rgb(10, 20, 30) && row[3].style.background == .default)
    }

    @Test func colonFormsAndTheUnderlineColourAreReadWhole() {
        let text = "\u{1B}[38:2::1:2:3mA\u{1B}[38:5:99mB\u{1B}[4:3mC\u{1B}[4:0mD\u{1B}[58;2;255;0;0mE\u{1B}[58:2::9:9:9;1mF"
        let row = parse(text).rows[0]
        #expect(row[0].style.foreground == .rgb(1, 2, 3))
        #expect(row[1].style.foreground == .indexed(99))
        #expect(row[2].style.underline)
        #expect(!row[3].style.underline)
        // Misread, `58;2;255;0;0` would turn on faint (2) and reset everything (0).
        #expect(row[4].style == CellStyle(foreground: .indexed(99)))
        #expect(row[5].style == CellStyle(foreground: .indexed(99), bold: true))
    }

    @Test func theStyleCarriesToTheNextLineUntilReset() {
        let grid = parse("\u{1B}[32mgreen\nstill\u{1B}[0m\nplain")
        #expect(grid.rows[1][0].style.foreground == .indexed(2))
        #expect(grid.rows[2][0].style == .plain)
    }

    @Test func aWideCharacterTakesTwoColumns() {
        let row = parse("世界ab", columns: 8).rows[0]
        #expect(row[0] == ScreenCell(text: "世", style: .plain, width: 2))
        #expect(row[1] == ScreenCell(text: "", style: .plain, width: 0))
        #expect(row[2].text == "界" && row[4].text == "a" && row[5].text == "b" && row[6].text == " ")
    }

    @Test func aWideCharacterCutByTheEdgeBecomesABlank() {
        let row = parse("\u{1B}[41ma世", columns: 2).rows[0]
        #expect(row.map(\.text) == ["a", " "])
        #expect(row[1].style.background == .indexed(1))
    }

    @Test func otherEscapesTakeNoRoomAndChangeNoStyle() {
        let text = "\u{1B}[2J\u{1B}[?25la\u{1B}]8;;http://example.test\u{1B}\\b\u{1B}]0;title\u{07}c\u{1B}(Bd\u{1B}[>4;1me\u{1B}Pq#0\u{1B}\\f"
        let row = parse(text).rows[0]
        #expect(row.map(\.text).joined() == "abcdef")
        #expect(row.allSatisfy { $0.style == .plain })
    }

    @Test func aCombiningMarkAfterAnEscapeJoinsTheCharacterBeforeIt() {
        let row = parse("e\u{1B}[1m\u{301}x").rows[0]
        #expect(row.map(\.text) == ["e\u{301}", "x"])
        #expect(!row[0].style.bold && row[1].style.bold)
    }

    @Test func aTabMovesToTheNextStopInTheCurrentStyle() {
        let row = parse("ab\u{1B}[42m\tc").rows[0]
        #expect(row.count == 9 && row[8].text == "c")
        #expect(row[2].style.background == .indexed(2) && row[7].text == " ")
    }
}
