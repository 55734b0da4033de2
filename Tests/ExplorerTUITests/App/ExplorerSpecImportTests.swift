import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("Importing an OpenAPI spec from the explorer's I prompt")
struct ExplorerSpecImportTests {
    @Test func aSpecPathInThePromptImportsItAsANewCollection() throws {
        var model = ExplorerModel(collections: [Fixtures.collection], width: 80, height: 24)
        model.tree.collectionsDirectory = "/home/ada/Collections"
        Fixtures.press([.character("I")], &model)
        #expect(model.modal?.importField != nil)
        let effects = Fixtures.press(Fixtures.typing("~/specs/petstore.yaml") + [.enter], &model)
        guard case let .importFile(path, directory)? = effects.first else { Issue.record("expected an import, got \(effects)"); return }
        #expect(path == "~/specs/petstore.yaml" && directory == "/home/ada/Collections")
        #expect(model.modal == nil && model.status == "Importing ~/specs/petstore.yaml…")
    }

    @Test func aCurlCommandIsStillACurlCommand() throws {
        var model = ExplorerModel(collections: [Fixtures.collection], width: 80, height: 24)
        model.tree.collectionsDirectory = "/home/ada/Collections"
        Fixtures.press([.character("I")], &model)
        let effects = Fixtures.press(Fixtures.typing("curl https://x.test/spec.json") + [.enter], &model)
        #expect(effects.isEmpty)
        guard case .form? = model.modal?.dialog else { Issue.record("expected the name form, got \(String(describing: model.modal))"); return }
    }
}
