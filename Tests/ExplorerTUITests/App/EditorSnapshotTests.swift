import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("The editors as text: URL line, params table, body editor, auth, options and dialogs at 80x24 and 120x40")
struct EditorSnapshotTests {
    func model(width: Int, height: Int, request: Int = 1, keys: [Key]) -> ExplorerModel {
        var model = Fixtures.model(width: width, height: height)
        Fixtures.press([.character("j"), .right] + Array(repeating: .down, count: request) + [.tab] + keys, &model)
        return model
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func urlEditingAndParams(width: Int, height: Int) {
        let model = model(width: width, height: height, keys: [.character("["), .character("a")] + Fixtures.typing("page") + [.enter]
                          + Fixtures.typing("2") + [.enter, .character("u"), .end] + Fixtures.typing("/{{missing}}"))
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "editor_url_params_\(width)x\(height)")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func bodyEditorWithAnError(width: Int, height: Int) {
        let long = String(repeating: "\"k\": \"value\", ", count: 12)
        let model = model(width: width, height: height, request: 2,
                          keys: [.character("]"), .character("i"), .end, .backspace] + Fixtures.typing(", ") + [.enter]
                          + Fixtures.typing(long) + [.enter] + Fixtures.typing("\"日本\": tru"))
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "editor_body_\(width)x\(height)")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func authOptionsAndDialogs(width: Int, height: Int) {
        let auth = model(width: width, height: height, keys: [.character("]"), .character("]"), .character("t"), .down, .down, .down, .enter,
                                                             .character("i")] + Fixtures.typing("secret"))
        assertSnapshot(ExplorerView.render(auth), named: "editor_auth_\(width)x\(height)")
        let options = model(width: width, height: height, keys: [.character("["), .character("["), .character("["), .character("["), .down, .character(" "), .character("m")])
        assertSnapshot(ExplorerView.render(options), named: "editor_options_method_\(width)x\(height)")
        let form = model(width: width, height: height, keys: [.backTab, .character("n")] + Fixtures.typing("List orders"))
        assertSnapshot(ExplorerView.render(form), named: "editor_new_request_\(width)x\(height)")
        for buffer in [auth, options, form].map(ExplorerView.render) { expectGridIntact(buffer) }
    }
}
