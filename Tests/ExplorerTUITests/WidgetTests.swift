@testable import ExplorerTUI
import Testing

// The widgets draw in the theme bound while rendering; these check their mechanics with the 16-colour one.
@Suite(.theme(.sixteenColor)) struct WidgetTests {
    @Test func blockDrawsBorderAndTitle() {
        var buffer = CellBuffer(width: 12, height: 4)
        let block = Block(title: "Body")
        block.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, [
            "┌ Body ────┐",
            "│          │",
            "│          │",
            "└──────────┘",
        ])
        #expect(block.inner(of: buffer.area) == Rect(x: 1, y: 1, width: 10, height: 2))
    }

    @Test func focusedBlockUsesFocusedStyleAndClipsLongTitle() {
        var buffer = CellBuffer(width: 8, height: 3)
        Block(title: "日本語タイトル", isFocused: true).render(in: buffer.area, buffer: &buffer)
        // Focus shows without colour: a ▶ before the title, and the title reversed.
        expectLines(buffer, [
            "┌▶日本 ┐",
            "│      │",
            "└──────┘",
        ])
        #expect(buffer.cell(x: 0, y: 0)?.style == Style(foreground: .cyan, attributes: .bold))
        #expect(buffer.cell(x: 2, y: 0)?.style.attributes.contains(.reverse) == true)
        #expect(buffer.cell(x: 1, y: 0)?.style.attributes.contains(.reverse) == false)
        expectGridIntact(buffer)
    }

    @Test func blockTooSmallDrawsNothing() {
        var buffer = CellBuffer(width: 3, height: 1)
        Block(title: "x").render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["   "])
    }

    @Test func listHighlightsSelection() {
        var buffer = CellBuffer(width: 10, height: 3)
        let list = ListView(items: ["GET /a", StyledLine([Span("POST", style: .bold), " /b"]), "DELETE /c/very/long"], selectedIndex: 1)
        list.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, [
            "  GET /a  ",
            "> POST /b ",
            "  DELETE …",
        ])
        #expect(buffer.cell(x: 9, y: 1)?.style.attributes == .reverse)
        #expect(buffer.cell(x: 2, y: 1)?.style.attributes == [.reverse, .bold])
        #expect(buffer.cell(x: 2, y: 0)?.style == .plain)
    }

    @Test func listScrollingKeepsSelectionVisible() {
        var list = ListView(items: (0..<10).map { StyledLine("item \($0)") }, selectedIndex: 0)
        for _ in 0..<5 {
            list.selectNext()
            list.scrollToSelection(height: 3)
        }
        #expect(list.selectedIndex == 5)
        #expect(list.offset == 3)
        var buffer = CellBuffer(width: 8, height: 3)
        list.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["  item 3", "  item 4", "> item 5"])

        list.selectPrevious(by: 4)
        list.scrollToSelection(height: 3)
        #expect(list.offset == 1)
        list.selectNext(by: 100)
        #expect(list.selectedIndex == 9)
        #expect(list.visibleOffset(height: 3) == 7)
        // A taller viewport pulls the window back so no blank rows are left below the last item.
        list.offset = 7
        #expect(list.visibleOffset(height: 8) == 2)
        list.items = []
        list.select(3)
        #expect(list.selectedIndex == nil)
        #expect(list.visibleOffset(height: 3) == 0)
    }

    @Test func tabsHighlightActiveTitle() {
        var buffer = CellBuffer(width: 30, height: 1)
        Tabs(titles: ["Request", "Response", "History"], selectedIndex: 1).render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, [" Request │ Response │ History "])
        #expect(buffer.cell(x: 10, y: 0)?.style.attributes == [.reverse, .bold])
        #expect(buffer.cell(x: 1, y: 0)?.style.attributes == [])
        var narrow = CellBuffer(width: 12, height: 1)
        Tabs(titles: ["请求", "响应"], selectedIndex: 0).render(in: narrow.area, buffer: &narrow)
        // Too narrow for the padded bar: the titles close up rather than lose their ends.
        expectLines(narrow, ["请求│响应   "])
        var narrower = CellBuffer(width: 6, height: 1)
        Tabs(titles: ["请求", "响应"], selectedIndex: 0).render(in: narrower.area, buffer: &narrower)
        expectLines(narrower, ["请求│ "])
    }

    @Test func paragraphClipsOrWraps() {
        let text = "The quick brown fox jumps over 日本語の犬\nsecond"
        var clipped = CellBuffer(width: 12, height: 3)
        Paragraph(text: text).render(in: clipped.area, buffer: &clipped)
        // A cut row ends in `…` so the cut shows.
        expectLines(clipped, ["The quick b…", "second      ", "            "])

        var wrapped = CellBuffer(width: 12, height: 6)
        Paragraph(text: text, wrap: true).render(in: wrapped.area, buffer: &wrapped)
        expectLines(wrapped, [
            "The quick   ",
            "brown fox   ",
            "jumps over  ",
            "日本語の犬  ",
            "second      ",
            "            ",
        ])

        var scrolled = CellBuffer(width: 12, height: 2)
        Paragraph(text: text, wrap: true, scroll: 3).render(in: scrolled.area, buffer: &scrolled)
        expectLines(scrolled, ["日本語の犬  ", "second      "])
    }

    @Test func paragraphHardBreaksLongWords() {
        var buffer = CellBuffer(width: 5, height: 3)
        Paragraph(text: "abcdefgh 中文中文", wrap: true).render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["abcde", "fgh  ", "中文 "])
        expectGridIntact(buffer)
    }

    @Test func tableWithHeaderAndSelection() {
        var buffer = CellBuffer(width: 24, height: 4)
        let table = Table(
            columns: [TableColumn("Method", width: .length(6)), TableColumn("Path", width: .fill(1)), TableColumn("Code", width: .length(4))],
            rows: [["GET", "/users", "200"], ["POST", "/users/ünïcødé/long", "201"], ["PUT", "/中文", "500"]],
            selectedIndex: 2
        )
        table.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, [
            "Method Path         Code",
            "GET    /users       200 ",
            "POST   /users/ünïc… 201 ",
            "PUT    /中文        500 ",
        ])
        #expect(buffer.cell(x: 0, y: 0)?.style.attributes == [.bold, .underline])
        #expect(buffer.cell(x: 23, y: 3)?.style.attributes == .reverse)
    }

    @Test func tableScrollsBodyButKeepsHeader() {
        var table = Table(columns: [TableColumn("N", width: .fill(1))], rows: (0..<6).map { [StyledLine("row \($0)")] }, selectedIndex: 4)
        table.scrollToSelection(height: 3)
        #expect(table.offset == 3)
        var buffer = CellBuffer(width: 5, height: 3)
        table.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["N    ", "row 3", "row 4"])
    }

    @Test func statusBarShowsHintsThatFitAndMessage() {
        var buffer = CellBuffer(width: 40, height: 1)
        let bar = StatusBar(
            hints: [KeyHint(.control("j"), "Send"), KeyHint(keys: [.tab, .backTab], label: "Focus"), KeyHint(.function(1), "Help")],
            message: "200 OK"
        )
        bar.render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["Ctrl-J Send  Tab/Shift-Tab Focus  200 OK"])
        #expect(buffer.cell(x: 0, y: 0)?.style.attributes == [.bold, .reverse])
        #expect(buffer.cell(x: 7, y: 0)?.style.attributes == [])

        var narrow = CellBuffer(width: 24, height: 1)
        bar.render(in: narrow.area, buffer: &narrow)
        expectLines(narrow, ["Ctrl-J Send       200 OK"])
    }

    @Test func overlayClearsCenteredArea() {
        var buffer = CellBuffer(width: 12, height: 5)
        for y in 0..<5 { buffer.write(String(repeating: "#", count: 12), at: Position(x: 0, y: y)) }
        let overlay = Overlay(width: .length(8), height: .percentage(60))
        overlay.render(in: buffer.area, buffer: &buffer)
        let area = overlay.area(in: buffer.area)
        #expect(area == Rect(x: 2, y: 1, width: 8, height: 3))
        Block(title: "Hi").render(in: area, buffer: &buffer)
        expectLines(buffer, [
            "############",
            "##┌ Hi ──┐##",
            "##│      │##",
            "##└──────┘##",
            "############",
        ])
        #expect(Overlay(width: .length(50), height: .fill(1)).area(in: buffer.area) == buffer.area)
    }

    @Test func overlayOverWideCharactersKeepsGrid() {
        var buffer = CellBuffer(width: 9, height: 3)
        for y in 0..<3 { buffer.write("中文中文中", at: Position(x: 0, y: y)) }
        Overlay(width: .length(3), height: .length(1)).render(in: buffer.area, buffer: &buffer)
        expectLines(buffer, ["中文中文 ", "中    文 ", "中文中文 "])
        expectGridIntact(buffer)
    }
}
