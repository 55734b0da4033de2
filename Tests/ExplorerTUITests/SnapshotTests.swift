import ExplorerTUI
import Testing

/// Whole-screen compositions, checked against files in `__Snapshots__` because they are too big to read inline.
@Suite struct SnapshotTests {
    private func composedScreen(width: Int, height: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        let rows = Layout.vertical([.length(1), .fill(1), .length(1)]).split(buffer.area)
        Tabs(titles: ["Request", "Response", "History"], selectedIndex: 1).render(in: rows[0], buffer: &buffer)

        let columns = Layout.horizontal([.percentage(40), .fill(1)]).split(rows[1])
        let requests = Block(title: "Requests", isFocused: true)
        requests.render(in: columns[0], buffer: &buffer)
        var list = ListView(
            items: ["GET /users", "POST /users", "GET /用户/42", "DELETE /😀/1", "PATCH /items", "GET /search?q=日本"],
            selectedIndex: 4
        )
        list.scrollToSelection(height: requests.inner(of: columns[0]).height)
        list.render(in: requests.inner(of: columns[0]), buffer: &buffer)

        let response = Block(title: "Response 200")
        response.render(in: columns[1], buffer: &buffer)
        Paragraph(
            text: "{\"name\": \"山田太郎\", \"mood\": \"😀👍🏽\", \"flag\": \"🇯🇵\", \"note\": \"tab\there\"}\nsecond line",
            wrap: true
        ).render(in: response.inner(of: columns[1]), buffer: &buffer)

        StatusBar(
            hints: [KeyHint(.control("j"), "Send"), KeyHint(.backTab, "Back"), KeyHint(.pageDown, "Next")],
            message: "12 ms"
        ).render(in: rows[2], buffer: &buffer)
        return buffer
    }

    @Test func composedScreen() {
        let buffer = composedScreen(width: 48, height: 10)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "composed_screen")
    }

    @Test func composedScreenTiny() {
        let buffer = composedScreen(width: 17, height: 5)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "composed_screen_tiny")
    }

    @Test func popupOverScreen() {
        var buffer = composedScreen(width: 48, height: 10)
        let overlay = Overlay(width: .percentage(60), height: .length(3))
        overlay.render(in: buffer.area, buffer: &buffer)
        let popup = overlay.area(in: buffer.area)
        let block = Block(title: "URL", isFocused: true)
        block.render(in: popup, buffer: &buffer)
        var field = TextField(text: "https://例え.jp/api/v1/ユーザー?page=2")
        field.scrollToCursor(width: block.inner(of: popup).width)
        field.render(in: block.inner(of: popup), buffer: &buffer)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "popup_over_screen")
    }

    @Test func tableSnapshot() {
        var buffer = CellBuffer(width: 36, height: 5)
        let block = Block(title: "History")
        block.render(in: buffer.area, buffer: &buffer)
        Table(
            columns: [TableColumn("Time", width: .length(5)), TableColumn("Request", width: .fill(1)), TableColumn("Status", width: .length(6))],
            rows: [
                ["09:01", "GET /users", "200"],
                ["09:02", "POST /注文/新規", "201"],
                ["09:03", "GET /🇯🇵/flags/and/more", "404"],
            ],
            selectedIndex: 1
        ).render(in: block.inner(of: buffer.area), buffer: &buffer)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "table_history")
    }
}
