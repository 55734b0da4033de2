import ExplorerTUI
import Testing

@Suite("TextArea: a multi-line editor with a 2-D cursor, undo and sideways scrolling")
struct TextAreaTests {
    @Test func insertingManyLinesSplitsAndBackspaceJoins() {
        var area = TextArea(text: "ab")
        area.move(to: .init(line: 0, column: 1))
        area.insert("1\n2\n3")
        #expect(area.lines == ["a1", "2", "3b"] && area.cursor == .init(line: 2, column: 1))
        area.move(to: .init(line: 1, column: 0))
        area.backspace()
        #expect(area.lines == ["a12", "3b"] && area.cursor == .init(line: 0, column: 2))
        area.move(to: .init(line: 0, column: 3))
        area.deleteForward()
        #expect(area.lines == ["a123b"])
        area.insert("\r\nx\ty\u{1B}")
        #expect(area.lines == ["a12", "x\ty3b"], "CR LF is one break, tabs stay, escapes are dropped")
    }

    @Test func verticalMovesKeepTheColumnWhereTheLineAllows() {
        var area = TextArea(text: "long line\nab\nanother long")
        area.move(to: .init(line: 0, column: 7))
        area.moveVertically(by: 1)
        #expect(area.cursor == .init(line: 1, column: 2))
        area.moveVertically(by: 5)
        #expect(area.cursor == .init(line: 2, column: 2))
        area.handle(.end)
        area.handle(.right)
        #expect(area.cursor == .init(line: 2, column: 12), "the end of the text stays put")
        area.handle(.home)
        area.handle(.left)
        #expect(area.cursor == .init(line: 1, column: 2), "left at a line start goes to the end of the line above")
        area.handle(.alt("<"))
        area.handle(.alt("f"))
        #expect(area.cursor == .init(line: 0, column: 4))
    }

    @Test func newlineKeepsIndentationAndUndoRedoWorkInSteps() {
        var area = TextArea(text: "{\n  \"a\": 1")
        area.move(to: .init(line: 1, column: 8))
        area.handle(.enter)
        #expect(area.lines == ["{", "  \"a\": 1", "  "])
        for character in "\"b\"" { area.handle(.character(character)) }
        #expect(area.lines[2] == "  \"b\"")
        area.undo()
        #expect(area.lines == ["{", "  \"a\": 1", "  "])
        area.undo()
        #expect(area.lines == ["{", "  \"a\": 1"] && area.cursor == .init(line: 1, column: 8))
        area.redo()
        area.redo()
        #expect(area.text == "{\n  \"a\": 1\n  \"b\"")
        area.handle(.control("u"))
        area.handle(.control("k"))
        #expect(area.lines[2].isEmpty && area.isModified)
    }

    @Test func longLinesScrollSidewaysAndAreMarkedWhereCut() {
        var area = TextArea(text: "0123456789abcdefghij\nshort")
        area.showsLineNumbers = true
        var buffer = CellBuffer(width: 12, height: 2)
        area.render(in: Rect(x: 0, y: 0, width: 12, height: 2), buffer: &buffer)
        #expect(buffer.lines == ["1 012345678›", "2 short     "])
        area.move(to: .init(line: 0, column: 20))
        area.scrollToCursor(width: 12, height: 2)
        buffer = CellBuffer(width: 12, height: 2)
        area.render(in: Rect(x: 0, y: 0, width: 12, height: 2), buffer: &buffer)
        #expect(buffer.lines[0].hasPrefix("1 ‹") && buffer.lines[0].contains("ghij"))
        #expect(area.cursorPosition(in: Rect(x: 0, y: 0, width: 12, height: 2)) != nil)
    }
}
