import ExplorerTUI
import Testing

@Suite struct CellBufferTests {
    @Test func writesAsciiAndReportsColumnsUsed() {
        var buffer = CellBuffer(width: 6, height: 2)
        let used = buffer.write("hi", at: Position(x: 1, y: 0))
        #expect(used == 2)
        expectLines(buffer, [" hi   ", "      "])
    }

    @Test func wideCharactersTakeTwoCells() {
        var buffer = CellBuffer(width: 6, height: 1)
        let used = buffer.write("中a😀", at: Position(x: 0, y: 0))
        #expect(used == 5)
        expectLines(buffer, ["中a😀 "])
        #expect(buffer.cell(x: 0, y: 0)?.width == 2)
        #expect(buffer.cell(x: 1, y: 0)?.isContinuation == true)
        #expect(buffer.cell(x: 4, y: 0)?.isContinuation == true)
    }

    @Test func wideCharacterAtRightEdgeBecomesSpace() {
        var buffer = CellBuffer(width: 5, height: 1)
        let used = buffer.write("ab日本", at: Position(x: 0, y: 0))
        #expect(used == 5)
        expectLines(buffer, ["ab日 "])
        #expect(buffer.cell(x: 4, y: 0)?.symbol == " ")
    }

    @Test func maxWidthClipsWideCharactersWithoutHalves() {
        var buffer = CellBuffer(width: 8, height: 1)
        buffer.fill(buffer.area)
        let used = buffer.write("🇯🇵🇯🇵", at: Position(x: 1, y: 0), maxWidth: 3)
        #expect(used == 3)
        expectLines(buffer, [" 🇯🇵     "])
    }

    @Test func negativeStartClipsLeftEdge() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("中文ab", at: Position(x: -1, y: 0))
        expectLines(buffer, [" 文a"])
    }

    @Test func overwritingRightHalfClearsLeftHalf() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("中文", at: Position(x: 0, y: 0))
        buffer.write("x", at: Position(x: 1, y: 0))
        expectLines(buffer, [" x文"])
        #expect(buffer.cell(x: 0, y: 0) == Cell.blank())
    }

    @Test func overwritingLeftHalfClearsRightHalf() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("中文", at: Position(x: 0, y: 0))
        buffer.write("y", at: Position(x: 2, y: 0))
        expectLines(buffer, ["中y "])
        #expect(buffer.cell(x: 3, y: 0)?.isContinuation == false)
    }

    @Test func wideOverStaggeredWideClearsBothNeighbours() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.write("中文字", at: Position(x: 0, y: 0))
        buffer.write("😀", at: Position(x: 1, y: 0))
        expectLines(buffer, [" 😀 字"])
        expectGridIntact(buffer)
    }

    @Test func controlCharactersAreEscapedNotWrittenRaw() {
        var buffer = CellBuffer(width: 8, height: 1)
        let used = buffer.write("a\u{1B}[1m\n", at: Position(x: 0, y: 0))
        #expect(used == 8)
        expectLines(buffer, ["a^[[1m^J"])
        #expect(!buffer.cells.contains { $0.symbol.unicodeScalars.contains { $0.properties.generalCategory == .control } })
    }

    @Test func loneZeroWidthGraphemesAreDropped() {
        var buffer = CellBuffer(width: 3, height: 1)
        let used = buffer.write("\u{200B}a\u{200B}", at: Position(x: 0, y: 0))
        #expect(used == 1)
        expectLines(buffer, ["a  "])
    }

    @Test func mixedScriptsNeverBreakTheGrid() {
        let samples = ["日本語テキスト", "emoji 😀👍🏽👨‍👩‍👧🇯🇵 done", "한국어 텍스트", "ｆｕｌｌ ｗｉｄｔｈ", "e\u{301}e\u{301}\u{1B}x", "a中b文c字d"]
        for width in 1...9 {
            for offset in -2...3 {
                var buffer = CellBuffer(width: width, height: samples.count)
                for (row, text) in samples.enumerated() {
                    buffer.write(text, at: Position(x: offset, y: row))
                    buffer.write("中", at: Position(x: offset + 1, y: row))
                }
                expectGridIntact(buffer)
            }
        }
    }

    @Test func stylesPatchWhileFillResets() {
        var buffer = CellBuffer(width: 3, height: 1)
        buffer.setStyle(buffer.area, style: Style(background: .blue))
        buffer.write("a", at: Position(x: 0, y: 0), style: Style(foreground: .red, attributes: .bold))
        #expect(buffer.cell(x: 0, y: 0)?.style == Style(foreground: .red, background: .blue, attributes: .bold))
        buffer.fill(Rect(x: 0, y: 0, width: 1, height: 1), style: .plain)
        #expect(buffer.cell(x: 0, y: 0) == Cell.blank())
    }

    @Test func fillClearsWideCharactersCutByTheRect() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("中文", at: Position(x: 0, y: 0))
        buffer.fill(Rect(x: 1, y: 0, width: 2, height: 1))
        expectLines(buffer, ["    "])
    }

    @Test func diffListsOnlyChangedCells() {
        var previous = CellBuffer(width: 5, height: 2)
        previous.write("hello", at: Position(x: 0, y: 0))
        var next = previous
        #expect(next.diff(from: previous).isEmpty)
        next.write("J", at: Position(x: 0, y: 0))
        next.write("中", at: Position(x: 2, y: 1))
        next.setStyle(Rect(x: 4, y: 0, width: 1, height: 1), style: .bold)
        let changes = next.diff(from: previous)
        #expect(changes.map { Position(x: $0.x, y: $0.y) } == [Position(x: 0, y: 0), Position(x: 4, y: 0), Position(x: 2, y: 1)])
        #expect(changes.first?.cell.symbol == "J")
        #expect(changes.last?.cell.width == 2)
    }

    @Test func diffAfterResizeListsEveryCell() {
        let previous = CellBuffer(width: 3, height: 2)
        var next = CellBuffer(width: 4, height: 2)
        next.write("中", at: Position(x: 0, y: 0))
        // The continuation half is skipped: drawing the wide lead covers it.
        #expect(next.diff(from: previous).count == 7)
    }

    @Test func linesKeepTrailingSpaces() {
        let buffer = CellBuffer(width: 3, height: 2)
        #expect(buffer.lines == ["   ", "   "])
    }
}
