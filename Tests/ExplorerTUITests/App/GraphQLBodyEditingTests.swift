import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("A GraphQL body in the Body tab: query and variables shown and edited (issue 29)")
struct GraphQLBodyEditingTests {
    /// Get user with a GraphQL body, its Body tab shown in the focused request pane.
    func model() -> ExplorerModel {
        var collection = Fixtures.collection
        collection.root.folders[0].requests[0].method = "POST"
        collection.root.folders[0].requests[0].body = .graphql(GraphQLBody(query: "query {\n  user(id: 1) { name }\n}", variables: "{\"a\": 1}"))
        var model = ExplorerModel(collections: [collection])
        model.screen.width = 100
        model.screen.height = 30
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        model.requestEditor.tab = .body
        return model
    }

    func screen(_ model: ExplorerModel) -> String { ExplorerView.render(model).lines.joined(separator: "\n") }

    @Test func theQueryIsAboveTheVariables() {
        let model = model()
        let text = screen(model)
        #expect(text.contains("GraphQL as JSON") && text.contains("user(id: 1) { name }") && text.contains("Variables (JSON)")
                && text.contains("{\"a\": 1}"), "\(text)")
    }

    @Test func emptyVariablesOpenWithTheCursorInsideTheBracesAndInvalidOnesAskBeforeSending() {
        var collection = Fixtures.collection
        collection.root.folders[0].requests[0].method = "POST"
        collection.root.folders[0].requests[0].body = .graphql(GraphQLBody(query: "query { a }", variables: ""))
        var model = ExplorerModel(collections: [collection])
        model.screen.width = 100
        model.screen.height = 30
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        model.requestEditor.tab = .body
        Fixtures.press([.character("v")] + Fixtures.typing("\"id\": 7") + [.escape], &model)
        guard case let .graphql(body)? = model.requestEditor.drafts["Demo/users/get-user"]?.edited?.body else {
            Issue.record("no draft: \(model.requestEditor.drafts)"); return
        }
        #expect(body.variables == "{\"id\": 7}", "typed inside the braces, not after them")
        Fixtures.press([.character("v"), .end, .backspace, .escape], &model)
        let sent = Fixtures.press([.control("j")], &model)
        #expect(!sent.contains { if case .send = $0 { true } else { false } }, "invalid variables are not sent without asking")
        guard case let .confirmation(question)? = model.modal?.dialog else { Issue.record("no question: \(String(describing: model.modal))"); return }
        #expect(question.message.contains("GraphQL variables do not parse"))
    }

    @Test func vEditsTheVariablesCheckedAsJSONAndEscKeepsThemInTheDraft() {
        var model = model()
        Fixtures.press([.character("v"), .character("x")], &model)
        var text = screen(model)
        #expect(text.contains("editing the variables") && text.contains("✗"), "an object with x before it is not JSON: \(text)")
        Fixtures.press([.backspace, .escape], &model)
        Fixtures.press([.character("v"), .delete] + "[".map { .character($0) }, &model)
        Fixtures.press([.escape], &model)
        guard case let .graphql(body)? = model.requestEditor.drafts["Demo/users/get-user"]?.edited?.body else {
            Issue.record("no draft: \(model.requestEditor.drafts)"); return
        }
        #expect(body.variables == "[\"a\": 1}" && body.query.contains("user(id: 1)"), "\(body)")
        text = screen(model)
        #expect(text.contains("[\"a\": 1}"))
    }

    @Test func enterEditsTheQueryAndCtrlJSendsItAsJSON() throws {
        var model = model()
        Fixtures.press([.enter, .character("#")], &model)
        let effects = Fixtures.press([.control("j")], &model)
        guard case let .send(_, resolver)? = effects.first(where: { if case .send = $0 { true } else { false } }) else {
            Issue.record("expected a send, got \(effects)"); return
        }
        let resolved = try resolver.resolve()
        #expect(resolved.body == .json("{\"query\": \"#query {\\n  user(id: 1) { name }\\n}\", \"variables\": {\"a\": 1}}"), "\(resolved.body)")
    }

    @Test func theKindPickerOffersGraphQLAndATextBodyBecomesTheQuery() {
        var model = Fixtures.model(width: 100, height: 30)
        // Create user has a JSON body.
        Fixtures.press([.character("j"), .right, .down, .down, .tab], &model)
        model.requestEditor.tab = .body
        Fixtures.press([.character("t")], &model)
        guard case let .picker(picker)? = model.modal?.dialog else { Issue.record("expected the kind picker"); return }
        #expect(picker.options.contains("graphql"))
        Fixtures.press(Array(repeating: .down, count: 5) + [.enter], &model)
        guard case let .graphql(body)? = model.requestEditor.drafts["Demo/users/create"]?.edited?.body else {
            Issue.record("not a GraphQL body: \(String(describing: model.requestEditor.drafts["Demo/users/create"]?.edited?.body))"); return
        }
        #expect(body.query == "{\"name\": \"Ada\"}" && body.variables.isEmpty)
    }

    @Test func graphQLErrorsAreInTheStatusLineAndListedInTheChecksTab() {
        var summary = Fixtures.summary("{\"data\": null, \"errors\": [{\"message\": \"boom\"}]}")
        summary.graphQLErrors = [GraphQLError(message: "boom", path: "user.name", locations: ["2:3"])]
        var model = Fixtures.focusedOnResponse(summary)
        #expect(screen(model).contains("200 OK  · 1 GraphQL error (Checks tab)"), "\(screen(model))")
        model.responseView.show(.checks)
        #expect(screen(model).contains("✗ boom · at user.name · line 2:3"), "\(screen(model))")
    }
}
