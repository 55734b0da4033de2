import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

/// `{{$prompt Label}}` in the explorer: sending asks each label in an overlay first (bullets for a secret one), Esc
/// cancels the send, and an answer is kept for the session so the same label is not asked again.
@Suite("The explorer asks for prompts before sending")
struct ValuePromptTests {
    static let collection: CollectionSpec = {
        let login = RequestSpec(name: "Login", slug: "login", method: "GET", url: "/login?user={{$prompt User}}",
                                headers: [KeyValue("X-Password", "{{password}}")], file: "/tmp/none/login.yaml")
        let root = FolderSpec(name: "P", slug: "P", requests: [login], directory: "/tmp/none")
        return CollectionSpec(root: root, environments: [
            EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:8787", isDefault: true,
                            variables: [Variable(name: "password", value: "{{$prompt Password}}", secret: true)]),
        ])
    }()

    func screen(_ model: ExplorerModel) -> String {
        ExplorerView.render(model).lines.joined(separator: "\n")
    }

    func sent(_ effects: [AppEffect]) -> RequestResolver? {
        for case let .send(_, resolver) in effects { return resolver }
        return nil
    }

    @Test func eachLabelIsAskedOnceAndASecretIsTypedHidden() throws {
        var model = ExplorerModel(collections: [Self.collection], width: 90, height: 24)
        #expect(sent(Fixtures.press([.character("G"), .enter], &model)) == nil)
        #expect(model.modal?.valuePrompt?.question == PromptQuestion(label: "User", secret: false))
        Fixtures.press(Fixtures.typing("ada"), &model)
        let asked = screen(model)
        #expect(asked.contains(" User ") && asked.contains("ada") && asked.contains("Esc cancels"), "\(asked)")
        #expect(sent(Fixtures.press([.enter], &model)) == nil)
        #expect(model.modal?.valuePrompt?.question == PromptQuestion(label: "Password", secret: true))
        Fixtures.press(Fixtures.typing("hunter2"), &model)
        let hidden = screen(model)
        #expect(hidden.contains(" Password ") && hidden.contains("•••••••") && !hidden.contains("hunter2"), "\(hidden)")

        // Esc cancels the send; the answer given so far stays.
        #expect(sent(Fixtures.press([.escape], &model)) == nil)
        #expect(model.modal == nil)
        #expect(model.status?.contains("Not sent") == true)
        Fixtures.press([.control("j")], &model)
        #expect(model.modal?.valuePrompt?.question.label == "Password")
        Fixtures.press(Fixtures.typing("hunter2"), &model)
        let resolver = try #require(sent(Fixtures.press([.enter], &model)))
        #expect(resolver.inputs.promptAnswers == ["User": "ada", "Password": "hunter2"])
        #expect(model.modal == nil)

        // Answered for the session: the next send asks nothing.
        _ = model.update(.requestFailed(id: 1, message: "x"))
        #expect(sent(Fixtures.press([.control("j")], &model)) != nil)
        #expect(model.modal == nil)
    }

    @Test func aWebSocketRequestAsksItsPromptsAndCommandsBeforeConnecting() throws {
        let chat = RequestSpec(name: "Chat", slug: "chat", method: "WS", url: "/ws?user={{$prompt User}}&id={{$command printf 7}}", file: "/tmp/none/chat.yaml")
        let root = FolderSpec(name: "W", slug: "W", requests: [chat], directory: "/tmp/none")
        var collection = CollectionSpec(root: root, environments: [EnvironmentSpec(name: "local", baseURL: "http://127.0.0.1:8787", isDefault: true)])
        collection.trustList = TrustList(directory: "/tmp/none", sites: [OutsideReadSite(OutsideRead(.command, "printf 7"), at: SourceLocation(file: "/tmp/none/chat.yaml", line: 2))])
        var model = ExplorerModel(collections: [collection], width: 90, height: 24)
        func opened(_ effects: [AppEffect]) -> RequestResolver? {
            for case let .openWebSocket(_, resolver, _) in effects { return resolver }
            return nil
        }
        #expect(opened(Fixtures.press([.character("G"), .enter], &model)) == nil)
        #expect(model.modal?.valuePrompt?.question == PromptQuestion(label: "User", secret: false))
        Fixtures.press(Fixtures.typing("ada"), &model)
        #expect(opened(Fixtures.press([.enter], &model)) == nil, "the collection is trusted first")
        #expect(screen(model).contains("printf 7"), "\(screen(model))")
        let effects = Fixtures.press([.character("y")], &model)
        #expect(effects.contains { if case .trustCollection = $0 { true } else { false } })
        let resolver = try #require(opened(effects))
        #expect(resolver.inputs.promptAnswers == ["User": "ada"] && resolver.inputs.trust.allows(OutsideRead(.command, "printf 7")))
    }

    @Test func theOverlayRendersAloneInABuffer() {
        var prompt = ValuePrompt(question: PromptQuestion(label: "API key", secret: true))
        prompt.field.insert("abc")
        let model = ExplorerModel(collections: [Self.collection], width: 60, height: 12)
        var buffer = CellBuffer(width: 60, height: 12)
        prompt.render(into: &buffer, context: model.overlayContext)
        let text = buffer.lines.joined(separator: "\n")
        #expect(text.contains("API key") && text.contains("•••") && !text.contains("abc"), "\(text)")
        #expect(text.contains("kept for this session only"), "\(text)")
    }
}
