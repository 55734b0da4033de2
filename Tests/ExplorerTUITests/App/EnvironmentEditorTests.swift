import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("The environment editor: environments and their variables made without opening YAML")
struct EnvironmentEditorTests {
    /// The fixture model with the editor open on its first environment (e, then E in the picker).
    private func opened(width: Int = 100, height: Int = 30) -> ExplorerModel {
        var model = Fixtures.model(width: width, height: height)
        Fixtures.press([.character("e"), .character("E")], &model)
        return model
    }

    private func screen(_ model: ExplorerModel) -> String { ExplorerView.render(model).lines.joined(separator: "\n") }

    @Test func thePickerOpensItOnTheEnvironmentAndSecretsAreMasked() throws {
        var model = opened()
        let editor = try #require(model.modal?.environmentEditor)
        #expect(editor.environment == "local")
        let buffer = ExplorerView.render(model)
        expectGridIntact(buffer)
        assertSnapshot(buffer, named: "environment_editor_100x30")
        let text = screen(model)
        #expect(text.contains("Environments · Demo") && text.contains("baseURL               http://127.0.0.1:8787"))
        #expect(text.contains("{{token}}             ••••••  secret · secrets.local.yaml"))
        #expect(!text.contains("s3cr3t-token"))
        Fixtures.press([.character("l")], &model)
        #expect(model.modal?.environmentEditor?.environment == "staging" && screen(model).contains("{{userId}}            2"))
    }

    @Test func aNewEnvironmentIsAskedForAndWrittenThroughAnEffect() throws {
        var model = opened()
        var effects = Fixtures.press([.character("A")] + Fixtures.typing("prod") + [.enter] + Fixtures.typing("ftp://nowhere") + [.enter], &model)
        // A bad base URL keeps the prompt open with the reason; nothing is written.
        #expect(effects.isEmpty && screen(model).contains("✗ 'ftp://nowhere' is not an http://, https://, ws://, wss://, grpc:// or grpcs:// URL"))
        effects = Fixtures.press([.control("u")] + Fixtures.typing("https://api.example.com") + [.enter], &model)
        guard case let .changeEnvironment(change, directory, original)? = effects.first else {
            Issue.record("expected the environment to be written, got \(effects)")
            return
        }
        #expect(change == .add(name: "prod", baseURL: "https://api.example.com") && directory == "/tmp/none" && original == nil)
        #expect(model.modal?.environmentEditor?.prompt == nil && model.modal?.environmentEditor?.environment == "prod")
    }

    @Test func aSecretVariableIsNeverDrawnWhileTypedAndGoesToTheSecretsFile() throws {
        var model = opened()
        let effects = Fixtures.press([.character("l"), .character("a")] + Fixtures.typing("apiKey") + [.tab, .control("t")]
                                     + Fixtures.typing("k3y-s3cr3t"), &model)
        #expect(effects.isEmpty && !screen(model).contains("k3y-s3cr3t") && screen(model).contains("Value (secret)"))
        let written = Fixtures.press([.enter], &model)
        guard case let .changeEnvironment(change, _, _)? = written.first else {
            Issue.record("expected the variable to be written, got \(written)")
            return
        }
        #expect(change == .setVariable(environment: "staging", replacing: nil, Variable(name: "apiKey", value: "k3y-s3cr3t", secret: true)))
    }

    @Test func spaceSwitchesFlagsAndSecretsAndDeleteAsksFirst() throws {
        var model = opened()
        var effects = Fixtures.press([.down, .down, .character(" ")], &model)
        guard case let .changeEnvironment(change, _, _)? = effects.first else {
            Issue.record("expected default to be switched, got \(effects)")
            return
        }
        #expect(change == .setField(environment: "local", key: "default", value: nil))
        effects = Fixtures.press([.character("D"), .character("n")], &model)
        #expect(effects.isEmpty && model.modal?.environmentEditor != nil)
        effects = Fixtures.press([.character("D"), .character("y")], &model)
        guard case .changeEnvironment(.delete(environment: "local"), _, _)? = effects.first else {
            Issue.record("expected the environment to be deleted, got \(effects)")
            return
        }
    }

    @Test func eInACollectionWithoutEnvironmentsOpensTheEditorToMakeTheFirst() throws {
        var collection = Fixtures.collection
        collection.environments = []
        var model = ExplorerModel(collections: [collection], width: 100, height: 30)
        Fixtures.press([.character("e")], &model)
        #expect(model.modal?.environmentEditor != nil && screen(model).contains("No environments yet. A adds one"))
    }

    @Test func changesAreWrittenToDiskAndReadBackWithTheRenamedEnvironmentStillInUse() throws {
        let manifest = "name: Shop\n# environments below\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:1\n"
        let (directory, load) = try Fixtures.onDisk(["Shop/collection.yaml": manifest, "Shop/ping.yaml": "url: /ping\n"], prefix: "env-editor")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let loaded = load()
        var model = ExplorerModel(collections: loaded.collections, problems: loaded.problems, loadedFiles: loaded.loadedFiles, width: 100, height: 30)
        /// Runs the effect as the run loop does and delivers its message.
        func run(_ effects: [AppEffect]) throws {
            guard case let .changeEnvironment(change, at, original)? = effects.first else {
                Issue.record("expected an environment change, got \(effects)")
                return
            }
            try EnvironmentFile.apply(change, inCollection: at, original: original)
            Fixtures.deliver(.environmentChanged(change, directory: at, load(), message: "done"), &model)
        }
        try run(Fixtures.press([.character("e"), .character("E"), .character("r"), .control("u")] + Fixtures.typing("dev") + [.enter], &model))
        try run(Fixtures.press([.character("a")] + Fixtures.typing("user") + [.tab] + Fixtures.typing("ada") + [.enter], &model))
        #expect(try String(contentsOfFile: directory + "/Shop/collection.yaml", encoding: .utf8)
            == "name: Shop\n# environments below\nenvironments:\n  - name: dev\n    baseURL: http://127.0.0.1:1\n    variables:\n      - name: user\n        value: ada\n")
        #expect(model.environment(of: model.collections[0])?.name == "dev")
        #expect(screen(model).contains("{{user}}              ada"))
        // Changed outside meanwhile: the next change is refused and the file is left as it is.
        try Data((manifest + "# theirs\n").utf8).write(to: URL(fileURLWithPath: directory + "/Shop/collection.yaml"))
        let effects = Fixtures.press([.character("A")] + Fixtures.typing("prod") + [.enter] + Fixtures.typing("https://x.example") + [.enter], &model)
        guard case let .changeEnvironment(change, at, original)? = effects.first else {
            Issue.record("expected an environment change, got \(effects)")
            return
        }
        #expect(throws: SaveError.self) { try EnvironmentFile.apply(change, inCollection: at, original: original) }
        #expect(try String(contentsOfFile: directory + "/Shop/collection.yaml", encoding: .utf8) == manifest + "# theirs\n")
    }
}
