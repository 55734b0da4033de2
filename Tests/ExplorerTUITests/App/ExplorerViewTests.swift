import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Explorer screens rendered into a cell buffer")
struct ExplorerViewTests {
    private func received(width: Int, height: Int, lines: Int) -> ExplorerModel {
        var model = Fixtures.model(width: width, height: height)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        _ = model.update(.responseReceived(id: 1, Fixtures.summary(lines: lines)))
        Fixtures.press([.tab], &model)
        return model
    }

    @Test func browsingScreenAt80x24() {
        var model = Fixtures.model()
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "explorer_browse_80x24")
    }

    @Test func responseWithTenThousandLinesAt120x40() {
        var model = received(width: 120, height: 40, lines: 10_000)
        Fixtures.press([.tab, .pageDown, .pageDown], &model)
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "explorer_response_120x40")
        let page = ScreenLayout(width: 120, height: 40).bodyHeight
        #expect(model.responseView.bodyView.scroll == 2 * page)
        // The gutter is as wide as the last line number (30002) and the first visible line is numbered.
        #expect(buffer.lines.contains { $0.contains("   \(2 * page + 1) ") })
    }

    @Test func wideCharactersKeepTheLayout() {
        var model = Fixtures.model(width: 80, height: 24)
        Fixtures.press([.character("j"), .right, .down, .down, .tab], &model)
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        #expect(buffer.lines.contains { $0.contains("Create 用户 🚀") })
        assertSnapshot(buffer, named: "explorer_wide_80x24")
    }

    @Test func overlaysAndTooSmall() {
        var model = Fixtures.model()
        Fixtures.press([.character("e")], &model)
        let picker = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(picker.contains("Environment: Demo") && picker.contains("token = ••••••") && !picker.contains("s3cr3t"))
        Fixtures.press([.escape, .character("?")], &model)
        let help = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(help.contains("Ctrl-J") && help.contains("send the request") && help.contains("switch environment"))
        let small = ExplorerView.render(Fixtures.model(width: 40, height: 10)).lines.joined(separator: "\n")
        #expect(small.contains("Terminal too small"))
    }

    @Test func searchHighlightsMatches() {
        var model = received(width: 80, height: 24, lines: 50)
        Fixtures.press([.tab, .character("/")] + Fixtures.typing("\"id\": 7") + [.enter], &model)
        let buffer = ExplorerView.render(model)
        let highlighted = (0..<buffer.height).flatMap { y in (0..<buffer.width).compactMap { x in buffer.cell(x: x, y: y) } }
            .filter { $0.style.background == ThemePalette.dark.match.background }
        #expect(highlighted.map(\.symbol).joined().contains("\"id\": 7"))
    }

    @Test func wrappedLinesHighlightMatchesOnEveryRow() {
        var model = Fixtures.model(width: 80, height: 24)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        let long = "{\"text\":\"" + String(repeating: "abcdefghij", count: 12) + "NEEDLE-at-the-end\"}"
        let summary = ResponseSummary(statusCode: 200, reason: "OK", duration: 0.01, byteCount: long.utf8.count, redirectedTo: nil,
                                      headers: [], body: BodyDocument(Data(long.utf8), contentType: "application/json"))
        _ = model.update(.responseReceived(id: 1, summary))
        Fixtures.press([.tab, .tab, .character("w"), .character("/")] + Fixtures.typing("needle-at") + [.enter], &model)
        #expect(model.responseView.bodyView.wrap && model.responseView.bodyView.matches == [1])
        let buffer = ExplorerView.render(model)
        let rows = (0..<buffer.height).filter { y in (0..<buffer.width).contains { buffer.cell(x: $0, y: y)?.style.background == ThemePalette.dark.match.background } }
        let highlighted = rows.flatMap { y in (0..<buffer.width).compactMap { buffer.cell(x: $0, y: y) } }
            .filter { $0.style.background == ThemePalette.dark.match.background }.map(\.symbol).joined()
        // The match sits on a continuation row of the wrapped line, below the line's first row.
        #expect(highlighted.lowercased() == "needle-at")
        #expect(rows.count == 1)
        let firstRow = (0..<buffer.height).first { y in buffer.lines[y].contains("\"text\"") } ?? 0
        #expect((rows.first ?? 0) > firstRow)
    }

    /// A model at 80x24 showing `text` as a plain-text response, focus in the response pane.
    private func showing(_ text: String) -> ExplorerModel {
        var model = Fixtures.model(width: 80, height: 24)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        let summary = ResponseSummary(statusCode: 200, reason: "OK", duration: 0.01, byteCount: text.utf8.count, redirectedTo: nil,
                                      headers: [], body: BodyDocument(Data(text.utf8), contentType: "text/plain"))
        _ = model.update(.responseReceived(id: 1, summary))
        Fixtures.press([.tab, .tab], &model)
        return model
    }

    private func screen(_ model: ExplorerModel) -> String { ExplorerView.render(model).lines.joined(separator: "\n") }

    /// Wrapped lines take more rows than lines: G, j and PageDown still reach the last row (they stopped short).
    @Test func theEndOfAWrappedBodyIsReachable() {
        let lines = (1...40).map { "line \($0) " + String(repeating: "word ", count: 30) } + ["THE LAST LINE"]
        var model = showing(lines.joined(separator: "\n"))
        Fixtures.press([.character("w"), .character("G")], &model)
        #expect(screen(model).contains("THE LAST LINE"))
        // Already at the end: further keys stay there.
        Fixtures.press([.character("j"), .pageDown], &model)
        #expect(screen(model).contains("THE LAST LINE"))
        // From the top, paging down arrives at the end too.
        Fixtures.press([.character("g")], &model)
        #expect(!screen(model).contains("THE LAST LINE"))
        for _ in 0..<40 { Fixtures.press([.pageDown], &model) }
        #expect(screen(model).contains("THE LAST LINE"))
        // Unwrapping there keeps a full page on screen rather than the rows past the end.
        Fixtures.press([.character("w")], &model)
        #expect(model.responseView.bodyView.scroll == 41 - ScreenLayout(width: 80, height: 24, settings: LayoutSettings(stack: .never)).bodyHeight)
        #expect(screen(model).contains("THE LAST LINE"))
    }

    /// A single line longer than the screen: j moves through its rows and G shows its end (it stayed at the top).
    @Test func oneLineLongerThanTheScreenScrollsByRows() {
        let line = (0..<300).map { "w\($0)" }.joined(separator: " ") + " THE-END"
        var model = showing(line + "\nafter")
        Fixtures.press([.character("w")], &model)
        #expect(screen(model).contains("w0 w1") && !screen(model).contains("THE-END"))
        Fixtures.press([.character("j")], &model)
        #expect(model.responseView.bodyView.scroll == 0 && model.responseView.bodyView.scrollRow == 1)
        #expect(!screen(model).contains("w0 w1"), "the first row of the line scrolled off")
        Fixtures.press([.character("G")], &model)
        let end = screen(model)
        #expect(end.contains("THE-END") && end.contains("after"))
        Fixtures.press([.character("k")], &model)
        #expect(!screen(model).contains("after"))
    }

    /// Without wrapping, l and h scroll sideways, and a search match far along a line is brought into view.
    @Test func longLinesScrollSidewaysAndAMatchIsScrolledIntoView() {
        let line = String(repeating: "a", count: 300) + "NEEDLE" + String(repeating: "b", count: 100)
        var model = showing("short\n" + line)
        #expect(!screen(model).contains("NEEDLE"))
        Fixtures.press([.character("l")], &model)
        #expect(model.responseView.bodyView.column > 0 && screen(model).contains("aaa"))
        Fixtures.press([.character("h")], &model)
        #expect(model.responseView.bodyView.column == 0)
        // Never past the point where the longest line's end is at the right edge.
        for _ in 0..<50 { Fixtures.press([.character("l")], &model) }
        #expect(screen(model).contains("bbbb│") && !screen(model).contains("NEEDLE"))
        Fixtures.press([.character("g"), .character("h"), .character("/")] + Fixtures.typing("needle") + [.enter], &model)
        #expect(screen(model).contains("NEEDLE"))
        let buffer = ExplorerView.render(model)
        let highlighted = (0..<buffer.height).flatMap { y in (0..<buffer.width).compactMap { buffer.cell(x: $0, y: y) } }
            .filter { $0.style.background == ThemePalette.dark.match.background }.map(\.symbol).joined()
        #expect(highlighted == "NEEDLE")
    }

    /// With w, a long response header value is shown whole over several rows (the table cut it), and G reaches its end.
    @Test func wrappedResponseHeadersShowLongValuesWhole() {
        var model = Fixtures.model(width: 80, height: 24)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        let value = (0..<60).map { "part\($0)" }.joined(separator: ";") + ";THE-END"
        let summary = ResponseSummary(statusCode: 200, reason: "OK", duration: 0.01, byteCount: 2, redirectedTo: nil,
                                      headers: [("Content-Type", "text/plain")] + (1...12).map { ("X-Filler-\($0)", "x") } + [("Set-Cookie", value)],
                                      body: BodyDocument(Data("ok".utf8), contentType: "text/plain"))
        _ = model.update(.responseReceived(id: 1, summary))
        Fixtures.press([.tab, .tab, .character("]")], &model)
        #expect(model.responseView.tab == .headers)
        #expect(!screen(model).contains("THE-END"))
        // Unwrapped, G shows the last header (the table's title row used to hide it).
        Fixtures.press([.character("G")], &model)
        #expect(screen(model).contains("Set-Cookie"))
        Fixtures.press([.character("g"), .character("w"), .character("G")], &model)
        #expect(screen(model).contains("THE-END"))
        // Its start is a few rows up: the value continues over the rows between.
        for _ in 0..<5 { Fixtures.press([.character("k")], &model) }
        #expect(screen(model).contains("Set-Cookie:") && screen(model).contains("part0;part1;"), "\(screen(model))")
    }

    @Test func secretsEchoedInTheResponseAreMaskedOnScreen() {
        var model = Fixtures.model(width: 120, height: 40)
        Fixtures.press([.character("j"), .right, .down, .enter], &model)
        let json = #"{"authorization":"Bearer top-secret-value","x-token":"top-secret-value"}"#
        let masker = SecretMasker(secrets: ["top-secret-value"])
        let summary = ResponseSummary(statusCode: 200, reason: "OK", duration: 0.01, byteCount: json.utf8.count, redirectedTo: nil,
                                      headers: [], body: BodyDocument(Data(json.utf8), contentType: "application/json", masker: masker))
        _ = model.update(.responseReceived(id: 1, summary))
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Bearer \(SecretMasker.mask)"))
        #expect(!screen.contains("top-secret"))
    }

    @Test func helpShowsEveryKeyInColumnsWhenTheScreenIsWideEnough() {
        var model = Fixtures.model(width: 360, height: 100)
        Fixtures.press([.character("?")], &model)
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        expectGridIntact(ExplorerView.render(model))
        for binding in model.keyMap.global + model.keyMap.table + model.keyMap.tabs.values.flatMap({ $0 }) + model.keyMap.panes.values.flatMap({ $0 }) {
            #expect(screen.contains(binding.help), "\(binding.help) is on screen")
        }
        for hint in model.keyMap.editing { #expect(screen.contains(hint.label), "\(hint.label) is on screen") }
        for binding in model.keyMap.history where !binding.action.isMovement { #expect(screen.contains(binding.help), "\(binding.help) is on screen") }
        #expect(screen.contains("Keys (any key closes)"))
    }

    @Test func helpScrollsOnASmallScreenAndAnyOtherKeyClosesIt() {
        var model = Fixtures.model(width: 80, height: 24)
        Fixtures.press([.character("?")], &model)
        let first = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(first.contains("Keys (↑↓ PgDn scroll, any other key closes)"))
        #expect(first.contains("Everywhere") && !first.contains("next match"))
        // Paging down reaches the Response section's last keys.
        var seen = ""
        for _ in 0..<10 where !seen.contains("previous match") {
            Fixtures.press([.pageDown], &model)
            seen += ExplorerView.render(model).lines.joined(separator: "\n")
        }
        #expect(seen.contains("next match") && seen.contains("previous match"), "the Response section's last keys")
        #expect((model.modal?.helpScroll != nil))
        Fixtures.press([.character("x")], &model)
        #expect(!(model.modal?.helpScroll != nil) && (model.modal?.helpScroll ?? 0) == 0)
        #expect(model.modal?.toolPanel == nil, "the closing key does nothing else")
    }
}
