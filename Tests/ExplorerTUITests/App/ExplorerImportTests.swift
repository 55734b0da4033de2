import ExplorerCore
import ExplorerFormats
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Importing a curl command from the explorer")
struct ExplorerImportTests {
    @Test func pastedCommandBecomesANewRequestFileInTheTree() throws {
        let directory = NSTemporaryDirectory() + "tuiimport-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var collection = Fixtures.collection
        collection.root.directory = directory
        var model = ExplorerModel(collections: [collection], width: 80, height: 24)

        Fixtures.press([.character("I")], &model)
        #expect(model.modal?.importField != nil)
        #expect(ExplorerView.render(model).lines.contains { $0.contains("Import curl into Demo") })
        // A pasted multi-line command: Enter after a trailing backslash continues the command.
        Fixtures.press(Fixtures.typing("curl 'https://x.test/a?q=1' \\") + [.enter]
                       + Fixtures.typing("  -H 'X-A: 1' -k") + [.enter], &model)
        #expect(model.modal?.importField == nil)
        // Then its name is asked, the parsed one offered.
        guard case let .form(form)? = model.modal?.dialog else { Issue.record("expected the name form, got \(String(describing: model.modal?.dialog))"); return }
        #expect(form.value(0) == "GET /a")
        if case let .importCurl(folder, request) = form.purpose {
            #expect(folder == "Demo" && request.url == "https://x.test/a")
        } else {
            Issue.record("expected an import form, got \(form.purpose)")
        }
        let effects = Fixtures.press([.control("u")] + Fixtures.typing("Fetch A") + [.enter], &model)
        guard case let .addRequest(slug, request, folder)? = effects.first else {
            Issue.record("expected an addRequest effect, got \(effects)")
            return
        }
        #expect(slug == "Demo" && folder.directory == directory)
        #expect(request.url == "https://x.test/a" && request.query == [KeyValue("q", "1")] && request.headers == [KeyValue("X-A", "1")])

        // What the run loop does for that effect.
        let written = try CollectionWriter.add(request, to: folder)
        let data = try #require(FileManager.default.contents(atPath: written.file))
        _ = model.update(.requestAdded(collection: slug, request: written, data: data))
        #expect(model.tree.selectedRequestKey == "Demo/fetch-a")
        #expect(model.treeRows.contains { $0.key == "Demo/fetch-a" && $0.method == "GET" && $0.title == "Fetch A" })
        // -k turns certificate verification off for the request (verifyTLS: false), so nothing is left unconverted.
        #expect(request.verifyTLS == false)
        #expect(model.status == "Imported Fetch A as Demo/fetch-a", "\(model.status ?? "none")")
        var load = CollectionLoadResult()
        let loaded = CollectionLoader(environment: [:]).loadRequest(at: written.file, slug: written.slug, into: &load)
        #expect(loaded == written)
    }

    @Test func escapeClosesThePromptAndBadInputSaysWhy() {
        var model = Fixtures.model()
        Fixtures.press([.character("I")] + Fixtures.typing("curl -H 'A: b'") + [.escape], &model)
        #expect(model.modal?.importField == nil && model.status == nil)
        let effects = Fixtures.press([.character("I")] + Fixtures.typing("curl -H 'A: b'") + [.enter], &model)
        #expect(effects.isEmpty)
        #expect(model.status == "Not imported: curl:1: error: the curl command has no URL (fix the command, or Esc)")
        // The prompt stays open with the text, so it can be fixed rather than typed again.
        #expect(model.modal?.importField?.text == "curl -H 'A: b'")
        Fixtures.press(Fixtures.typing(" https://x.test/b") + [.enter], &model)
        if case .form? = model.modal?.dialog {} else { Issue.record("a fixed command goes on to the name form") }
    }
}
