import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

/// x in the response pane: the response on screen appended to its request's `examples:` for `apiexplorer mock`,
/// the file's comments and other keys kept byte for byte, and the status line saying what happened (issue 45).
@Suite("Saving a response as an example (x)")
struct SaveExampleTests {
    static let requestFile = "# Fetches one user.\nname: Get user\nurl: /users/{{userId}}  # a path parameter\ntimeout: 5 # seconds\n"

    /// The model with Demo/users/get-user sent and `summary` received, the response pane focused.
    func received(_ summary: ResponseSummary) throws -> (ExplorerModel, String, @Sendable () -> CollectionLoadResult) {
        let (directory, load) = try Fixtures.onDisk([
            "Demo/collection.yaml": "name: Demo\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:1\n",
            "Demo/users/folder.yaml": "name: Users\n",
            "Demo/users/get-user.yaml": Self.requestFile,
        ], prefix: "saveexample")
        let result = load()
        var model = ExplorerModel(collections: result.collections, problems: result.problems, loadedFiles: result.loadedFiles)
        model.screen.width = 110
        model.screen.height = 30
        Fixtures.press([.character("j"), .right, .down], &model)
        let sent = Fixtures.press([.control("j")], &model)
        guard case let .send(id, _)? = sent.first(where: { if case .send = $0 { return true } else { return false } }) else {
            Issue.record("expected a send, got \(sent)")
            return (model, directory, load)
        }
        _ = model.update(.responseReceived(id: id, summary))
        Fixtures.press([.tab, .tab], &model)
        return (model, directory, load)
    }

    @Test func xAppendsTheResponseToExamplesAndKeepsTheFilesComments() throws {
        let summary = Fixtures.summary("{\"id\": 42}", extraHeaders: [("X-Trace", "t-1"), ("Date", "Mon, 07 Dec 2026 09:00:00 GMT"),
                                                                    ("Set-Cookie", "session=secret"), ("Content-Length", "10")])
        var (model, directory, load) = try received(summary)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(model.focus == .response)
        let effects = Fixtures.press([.character("x")], &model)
        guard case let .save(key, request, saved, original)? = effects.first else { Issue.record("expected a save, got \(effects)"); return }
        #expect(request.changedKeys(from: saved) == ["examples"])
        // The run loop's part: the file written, then the fact reported.
        let data = try CollectionStore.save(request, over: saved, original: original)
        _ = model.update(.saved(key: key, file: request.file, data: data, request: request))

        let text = try String(contentsOfFile: directory + "/Demo/users/get-user.yaml", encoding: .utf8)
        #expect(text == Self.requestFile + """
            examples:
              - name: example 1
                status: 200
                headers:
                  Content-Type: application/json
                  X-Trace: t-1
                body: "{\\"id\\": 42}"

            """, "\(text)")
        let reloaded = load().collections.first?.locate(["users", "get-user"])?.request
        #expect(reloaded?.examples == [RequestExample(name: "example 1", status: 200,
                                                      headers: [KeyValue("Content-Type", "application/json"), KeyValue("X-Trace", "t-1")],
                                                      body: "{\"id\": 42}")])
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Saved Demo/users/get-user"), "\(screen)")

        // A second x appends below the first, under the next free name.
        let again = Fixtures.press([.character("x")], &model)
        guard case let .save(_, second, secondSaved, secondOriginal)? = again.first else { Issue.record("expected a save, got \(again)"); return }
        #expect(model.status?.hasPrefix("Saving the 200 response as example 2 in examples:") == true, "\(model.status ?? "")")
        try CollectionStore.save(second, over: secondSaved, original: secondOriginal)
        let twice = try String(contentsOfFile: directory + "/Demo/users/get-user.yaml", encoding: .utf8)
        #expect(twice.hasPrefix(text) && twice.hasSuffix("  - name: example 2\n    status: 200\n    headers:\n      Content-Type: application/json\n      X-Trace: t-1\n    body: \"{\\\"id\\\": 42}\"\n"),
                "\(twice)")
    }

    @Test func xWithoutAResponseSaysSoOnTheStatusLine() throws {
        var model = Fixtures.model(width: 110, height: 30)
        Fixtures.press([.tab, .tab], &model)
        #expect(Fixtures.press([.character("x")], &model).isEmpty)
        let screen = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(screen.contains("Nothing to save as an example: there is no response yet."), "\(screen)")
    }
}
