import ExplorerCore
@testable import ExplorerTUI
import Foundation
import Testing

/// Issue 40, item 19: a hint line that does not fit ends with the help key ("? more"), and `?` in an overlay lists
/// that overlay's keys first and goes back to it.
@Suite("Keys in sight: ? more, and the help of the overlay it is opened in")
struct KeysInSightTests {
    func screen(_ model: ExplorerModel) -> [String] { ExplorerView.render(model).lines }

    /// The environment editor open on a 120-column screen.
    func editor(width: Int = 120) -> ExplorerModel {
        var model = Fixtures.model(width: width, height: 30)
        Fixtures.press([.character("e"), .character("E")], &model)
        return model
    }

    @Test func theEnvironmentEditorsHintLineEndsWithMoreWhenItDoesNotFit() throws {
        let model = editor()
        #expect(model.modal?.environmentEditor != nil)
        let bar = try #require(screen(model).last)
        #expect(bar.trimmingCharacters(in: .whitespaces).hasSuffix("? more"), "\(bar)")
        #expect(bar.contains("Esc/q close"), "\(bar)")
        // Every hint shown is whole: the line is hints and the two-space gaps between them, nothing cut.
        let labels = ["Esc/q close", "→/l/] next environment", "Enter/i edit the value", "Space switch default, verifyTLS, secret",
                      "a add a variable", "A new environment", "? more"]
        var rest = bar.trimmingCharacters(in: .whitespaces)
        for label in labels where rest.hasPrefix(label) { rest = String(rest.dropFirst(label.count)).trimmingCharacters(in: .whitespaces) }
        #expect(rest.isEmpty, "left over: \(rest) in \(bar)")
        // Wide enough for every key, nothing is left out and no "more" is needed.
        let wide = try #require(screen(editor(width: 400)).last)
        #expect(wide.contains("D delete the environment (asks first)") && wide.contains("? help") && !wide.contains("more"), "\(wide)")
    }

    @Test func helpOpenedInTheEnvironmentEditorListsItsKeysFirstAndGoesBackToIt() throws {
        var model = editor()
        Fixtures.press([.character("?")], &model)
        #expect(model.modal?.helpScroll == 0)
        let lines = screen(model)
        let title = try #require(lines.firstIndex { $0.contains("Environment editor (e, then E)") })
        let everywhere = try #require(lines.firstIndex { $0.contains("Everywhere") })
        #expect(title < everywhere, "the editor's keys come first:\n\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("rename the environment") })
        Fixtures.press([.character("x")], &model)
        #expect(model.modal?.environmentEditor != nil, "closing the help goes back to the editor")
    }

    @Test func helpFromTheMainScreenStartsWithEverywhereAndCloses() throws {
        var model = Fixtures.model(width: 120, height: 40)
        Fixtures.press([.character("?")], &model)
        let lines = screen(model)
        let title = try #require(lines.firstIndex { $0.contains("Keys (") })
        #expect(lines[title + 1].contains("Everywhere"), "\(lines.joined(separator: "\n"))")
        Fixtures.press([.character("x")], &model)
        #expect(model.modal == nil)
    }

    @Test func otherOverlaysOpenTheirHelpToo() {
        for (keys, title) in [([Key.character("!")], "Recent messages (!)"), ([Key.control("k")], "Cookies view (Ctrl-K)"),
                              ([Key.character("e")], "Environment picker (e)")] {
            var model = Fixtures.model(width: 120, height: 50)
            Fixtures.press(keys, &model)
            let open = model.modal
            #expect(open != nil)
            Fixtures.press([.character("?")], &model)
            let lines = screen(model)
            let first = lines.first { $0.contains("Keys") }.flatMap { _ in lines.firstIndex { $0.contains(title) } }
            let everywhere = lines.firstIndex { $0.contains("Everywhere") }
            #expect(first != nil && everywhere != nil && (first ?? 0) <= (everywhere ?? 0), "\(title):\n\(lines.joined(separator: "\n"))")
            Fixtures.press([.character("x")], &model)
            #expect(model.modal == open, "\(title): back to it")
        }
    }

    @Test func theStatusBarEndsWithMoreOnlyWhenHintsAreLeftOut() {
        let hints = [KeyHint(key: "a", label: "add"), KeyHint(key: "b", label: "bold"), KeyHint(key: "?", label: "help"),
                     KeyHint(key: "c", label: "copy the whole thing")]
        let bar = StatusBar(hints: hints, more: KeyHint(key: "?", label: "more"))
        var narrow = CellBuffer(width: 24, height: 1)
        bar.render(in: narrow.area, buffer: &narrow)
        expectLines(narrow, ["a add  b bold  ? more   "])
        var wide = CellBuffer(width: 45, height: 1)
        bar.render(in: wide.area, buffer: &wide)
        expectLines(wide, ["a add  b bold  ? help  c copy the whole thing"])
    }
}
