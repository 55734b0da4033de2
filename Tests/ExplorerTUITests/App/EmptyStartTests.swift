import ExplorerCore
import ExplorerFormats
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("No collections yet: the explorer starts empty, N creates a collection, O adds the bundled Demo")
struct EmptyStartTests {
    /// An explorer started in an empty collections directory, and a loader reading it as the run loop does.
    func empty() throws -> (directory: String, model: ExplorerModel, load: @Sendable () -> CollectionLoadResult) {
        let (directory, load) = try Fixtures.onDisk([:], prefix: "emptystart")
        var model = ExplorerModel(collections: [])
        // The snapshot was drawn side by side; 80 columns stack by default now (see Fixtures.model).
        model.screen.arrangement.stack = .never
        model.tree.collectionsDirectory = directory
        return (directory, model, load)
    }

    /// Does what the run loop does for the effects that write collections, then delivers the result.
    func run(_ effects: [AppEffect], _ model: inout ExplorerModel, load: () -> CollectionLoadResult) throws {
        for effect in effects {
            switch effect {
            case let .createCollection(name, environment, directory):
                let created = try CollectionWriter.create(name: name, environment: environment, in: directory)
                _ = model.update(.treeChanged(load(), select: RequestKey(created.slug), movedFrom: nil, message: "created \(created.slug)"))
            case let .addDemo(directory):
                _ = try CollectionWriter.addBundledDemo(in: directory)
                _ = model.update(.treeChanged(load(), select: RequestKey(BundledDemo.slug), movedFrom: nil, message: "added"))
            case let .changeTree(change, select, movedFrom):
                let slug = try CollectionFiles.apply(change)
                _ = model.update(.treeChanged(load(), select: select.key(slug: slug), movedFrom: movedFrom, message: "done"))
            default:
                Issue.record("unexpected effect \(effect)")
            }
        }
    }

    @Test func theEmptyTreeOffersToCreateACollectionOrAddTheDemo() throws {
        var (directory, model, _) = try empty()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        model.tree.collectionsDirectory = "/home/ada/Collections"
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "empty_start_80x24")
        let screen = buffer.lines.joined(separator: "\n")
        #expect(screen.contains("No collections yet.") && screen.contains("N create a collection") && screen.contains("O add the bundled"))
    }

    @Test func nCreatesACollectionOnDiskThatTakesRequests() throws {
        var (directory, model, load) = try empty()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Fixtures.press([.character("N")], &model)
        guard case let .form(form)? = model.modal?.dialog else { Issue.record("N opened \(String(describing: model.modal))"); return }
        #expect(form.fields.map(\.label) == ["Name", "Environment", "Base URL"] && form.value(1) == "local")
        // Enter is done from any field; a missing base URL is refused with the field named and the cursor put there.
        Fixtures.press(Fixtures.typing("My Shop") + [.enter, .enter, .enter], &model)
        #expect(model.status?.hasPrefix("Base URL:") == true && model.modal?.dialog != nil)
        Fixtures.press(Fixtures.typing("ftp://x"), &model)
        #expect(Fixtures.press([.enter], &model).isEmpty && model.status?.hasPrefix("Base URL:") == true)
        for _ in 0..<7 { Fixtures.press([.backspace], &model) }
        let effects = Fixtures.press(Fixtures.typing("https://shop.example") + [.enter], &model)
        try run(effects, &model, load: load)
        #expect(model.collections.map(\.name) == ["My Shop"])
        #expect(model.collections.first?.environments == [EnvironmentSpec(name: "local", baseURL: "https://shop.example", isDefault: true)])
        #expect(FileManager.default.fileExists(atPath: directory + "/my-shop/collection.yaml"))
        #expect(FileManager.default.fileExists(atPath: directory + "/my-shop/.gitignore"))
        #expect(model.treeRows[model.tree.cursor].key == "my-shop")
        #expect(ExplorerView.render(model).lines[0].contains("env: local  https://shop.example"))
        // n on it: a request in the new collection.
        try run(Fixtures.press([.character("n")] + Fixtures.typing("Ping") + [.enter, .enter], &model), &model, load: load)
        #expect(model.tree.selectedRequestKey == "my-shop/ping")
        #expect(FileManager.default.fileExists(atPath: directory + "/my-shop/ping.yaml"))
    }

    @Test func nOnACollectionAsksFolderOrAnotherCollectionBesideIt() throws {
        var (directory, model, load) = try empty()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try run(Fixtures.press([.character("N")] + Fixtures.typing("Shop") + [.tab, .tab] + Fixtures.typing("http://127.0.0.1:1") + [.enter], &model),
                &model, load: load)
        Fixtures.press([.character("N")], &model)
        guard case let .picker(picker)? = model.modal?.dialog else { Issue.record("N opened \(String(describing: model.modal))"); return }
        #expect(picker.options == ["Folder in Shop", "Collection beside Shop"])
        // The first choice is the folder N always made.
        Fixtures.press([.enter], &model)
        guard case let .form(folderForm)? = model.modal?.dialog else { Issue.record("expected the folder form"); return }
        #expect(folderForm.title == " New folder in Shop ")
        Fixtures.press([.escape, .character("N"), .down, .enter], &model)
        // A name already taken is refused: never over a collection that is there.
        Fixtures.press(Fixtures.typing("shop") + [.tab, .tab] + Fixtures.typing("http://127.0.0.1:2") + [.enter], &model)
        #expect(model.status?.hasPrefix("Name: Shop is already there") == true)
        #expect(model.modal?.dialog.flatMap { if case let .form(form) = $0 { form.focused } else { nil } } == 0, "the cursor is back in Name")
        let effects = Fixtures.press([.control("u")] + Fixtures.typing("Billing") + [.enter], &model)
        try run(effects, &model, load: load)
        #expect(model.collections.map(\.name).sorted() == ["Billing", "Shop"])
        #expect(model.treeRows[model.tree.cursor].key == "billing")
        #expect(FileManager.default.contents(atPath: directory + "/shop/collection.yaml").map { String(decoding: $0, as: UTF8.self) }?.contains("127.0.0.1:1") == true)
    }

    @Test func iImportsAFileAsACollectionWhenThereIsNone() throws {
        var (directory, model, _) = try empty()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Fixtures.press([.character("I")], &model)
        guard case let .form(form)? = model.modal?.dialog else { Issue.record("I opened \(String(describing: model.modal))"); return }
        #expect(form.fields.map(\.label) == ["File"])
        #expect(Fixtures.press([.enter], &model).isEmpty && model.status?.hasPrefix("File:") == true)
        let effects = Fixtures.press(Fixtures.typing("~/api.http") + [.enter], &model)
        guard case let .importFile(path, into)? = effects.first else { Issue.record("expected an import, got \(effects)"); return }
        #expect(path == "~/api.http" && into == directory && model.modal == nil)
    }

    @Test func oAddsTheBundledDemoOnce() throws {
        var (directory, model, load) = try empty()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try run(Fixtures.press([.character("O")], &model), &model, load: load)
        #expect(model.collections.map(\.name) == ["Demo"])
        #expect(model.currentCollection.flatMap { model.environment(of: $0) }?.usesBuiltInDemo == true)
        #expect(Fixtures.press([.character("O")], &model).isEmpty && model.status?.contains("already here") == true)
    }
}
