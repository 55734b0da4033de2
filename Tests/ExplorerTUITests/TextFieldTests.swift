import ExplorerTUI
import Testing

@Suite struct TextFieldTests {
    @Test func editingSequenceWithMultiByteInput() {
        var field = TextField()
        for character in "héllo" { field.handle(.character(character)) }
        #expect(field.text == "héllo")
        #expect(field.cursor == 5)

        field.insert("中文😀")
        #expect(field.text == "héllo中文😀")
        #expect(field.cursor == 8)

        field.handle(.left)
        field.handle(.left)
        field.handle(.backspace)
        #expect(field.text == "héllo文😀")
        #expect(field.cursor == 5)

        field.handle(.delete)
        #expect(field.text == "héllo😀")

        field.handle(.home)
        field.handle(.right)
        field.handle(.control("k"))
        #expect(field.text == "h")
        #expect(field.cursor == 1)

        field.handle(.end)
        field.insert("e")
        field.insert("\u{301}")
        #expect(field.text == "he\u{301}")
        #expect(field.text.count == 2)
        #expect(field.cursor == 2)

        field.handle(.control("u"))
        #expect(field.text.isEmpty)
        #expect(field.cursor == 0)
    }

    @Test func emojiSequencesEditAsOneGrapheme() {
        var field = TextField(text: "a👨‍👩‍👧🇯🇵b")
        #expect(field.cursor == 4)
        field.handle(.left)
        field.handle(.backspace)
        #expect(field.text == "a👨‍👩‍👧b")
        field.handle(.backspace)
        #expect(field.text == "ab")
        #expect(field.cursor == 1)
    }

    @Test func killWordAndIgnoredKeys() {
        var field = TextField(text: "GET /users/1 ")
        field.handle(.control("w"))
        #expect(field.text == "GET ")
        #expect(field.handle(.up) == false)
        #expect(field.handle(.control("j")) == false)
        field.handle(.backspace)
        field.handle(.backspace)
        field.handle(.backspace)
        field.handle(.backspace)
        field.handle(.backspace)
        #expect(field.text.isEmpty)
        field.handle(.delete)
        field.handle(.left)
        #expect(field.cursor == 0)
    }

    @Test func pastedControlCharactersAreSanitised() {
        var field = TextField()
        field.insert("a\nb\tc\u{1B}[0m")
        #expect(field.text == "a b c[0m")
    }

    @Test func horizontalScrollFollowsCursor() {
        var field = TextField(text: "abcdefgh")
        var buffer = CellBuffer(width: 5, height: 1)
        field.scrollToCursor(width: 5)
        field.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["efgh "])
        #expect(field.cursorColumn(width: 5) == 4)
        #expect(buffer.cell(x: 4, y: 0)?.style == .reversed)

        field.handle(.left)
        field.scrollToCursor(width: 5)
        #expect(field.scrollOffset == 4)

        field.handle(.home)
        field.scrollToCursor(width: 5)
        buffer = CellBuffer(width: 5, height: 1)
        field.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["abcde"])
        #expect(buffer.cell(x: 0, y: 0)?.style == .reversed)
    }

    @Test func horizontalScrollWithWideCharacters() {
        var field = TextField(text: "中文字符串")
        var buffer = CellBuffer(width: 5, height: 1)
        field.scrollToCursor(width: 5)
        field.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["符串 "])
        #expect(field.cursorColumn(width: 5) == 4)

        field.handle(.left)
        field.scrollToCursor(width: 5)
        buffer = CellBuffer(width: 5, height: 1)
        field.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["符串 "])
        #expect(field.cursorColumn(width: 5) == 2)
        #expect(buffer.cell(x: 2, y: 0)?.style == .reversed)
        #expect(buffer.cell(x: 3, y: 0)?.style == .reversed)

        field.handle(.home)
        field.scrollToCursor(width: 5)
        buffer = CellBuffer(width: 5, height: 1)
        field.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["中文 "])
        expectGridIntact(buffer)
    }

    @Test func placeholderShownWhenEmpty() {
        let field = TextField(placeholder: "https://…")
        var buffer = CellBuffer(width: 12, height: 1)
        field.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["https://…   "])
        #expect(buffer.cell(x: 0, y: 0)?.style == Style(attributes: [.dim, .reverse]))
    }

    @Test func aSelectedDefaultIsReplacedByTypingAndKeptByMoving() {
        var field = TextField(text: "response.json")
        field.isSelected = true
        field.handle(.character("/"))
        field.insert("tmp/x.json")
        #expect(field.text == "/tmp/x.json" && !field.isSelected)

        var kept = TextField(text: "message 1")
        kept.isSelected = true
        kept.handle(.left)
        kept.insert("x")
        #expect(kept.text == "message x1" && !kept.isSelected)

        var cleared = TextField(text: "message 1")
        cleared.isSelected = true
        cleared.handle(.backspace)
        #expect(cleared.text.isEmpty && cleared.cursor == 0)

        var shown = TextField(text: "ab", showsCursor: false)
        shown.isSelected = true
        var buffer = CellBuffer(width: 4, height: 1)
        shown.render(in: buffer.area, buffer: &buffer)
        #expect(buffer.cell(x: 0, y: 0)?.style == .reversed && buffer.cell(x: 1, y: 0)?.style == .reversed)
    }
}
