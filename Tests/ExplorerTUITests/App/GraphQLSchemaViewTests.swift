import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("A GraphQL request's schema: i fetches it, Tab completes, unknown names are marked, S browses it (issue 29)")
struct GraphQLSchemaViewTests {
    static let schema = GraphQLSchema(queryType: "Query", types: [
        GraphQLSchemaType(name: "Query", kind: "OBJECT", description: "What can be asked.", fields: [
            GraphQLSchemaField(name: "user", description: "Look up one user by id.",
                               arguments: [GraphQLSchemaArgument(name: "id", type: .nonNull(.named("ID")))], type: .named("User")),
            GraphQLSchemaField(name: "users", description: "Every user.", arguments: [GraphQLSchemaArgument(name: "first", type: .named("Int"))],
                               type: .nonNull(.list(.nonNull(.named("User"))))),
        ]),
        GraphQLSchemaType(name: "User", kind: "OBJECT", description: "Someone with an account.", fields: [
            GraphQLSchemaField(name: "id", type: .nonNull(.named("ID"))),
            GraphQLSchemaField(name: "name", description: "Full name, as they wrote it.", type: .named("String")),
            GraphQLSchemaField(name: "nickname", type: .named("String")),
        ]),
        GraphQLSchemaType(name: "ID", kind: "SCALAR"),
        GraphQLSchemaType(name: "String", kind: "SCALAR"),
        GraphQLSchemaType(name: "Int", kind: "SCALAR"),
    ])

    static let key = GraphQLSchemaKey(collection: "Demo", environment: "local", url: "/users/{{userId}}")

    /// Get user with a GraphQL body, its Body tab shown in the focused request pane.
    func model(query: String = "query {\n  user(id: 1) {\n    \n  }\n}") -> ExplorerModel {
        var collection = Fixtures.collection
        collection.root.folders[0].requests[0].method = "POST"
        collection.root.folders[0].requests[0].body = .graphql(GraphQLBody(query: query))
        var model = ExplorerModel(collections: [collection])
        model.screen.width = 100
        model.screen.height = 30
        Fixtures.press([.character("j"), .right, .down, .tab], &model)
        model.requestEditor.tab = .body
        return model
    }

    func screen(_ model: ExplorerModel) -> String { ExplorerView.render(model).lines.joined(separator: "\n") }

    /// The schema arrives as the run loop reports it.
    func fetched(_ model: inout ExplorerModel) {
        Fixtures.deliver(.schemaFetched(key: GraphQLSchemaViewTests.key, schema: GraphQLSchemaViewTests.schema, fetched: Date(), failure: nil), &model)
    }

    @Test func capitalIFetchesTheSchemaWithTheRequestsResolverAndTheBodyTabSaysSo() throws {
        var model = model()
        #expect(screen(model).contains("no schema yet"), "\(screen(model))")
        let effects = Fixtures.press([.character("I")], &model)
        guard case let .introspect(key, resolver)? = effects.first else { Issue.record("expected an introspection, got \(effects)"); return }
        #expect(key == GraphQLSchemaViewTests.key)
        #expect(try resolver.resolve().request.url?.absoluteString == "http://127.0.0.1:8787/users/1", "the request's URL in its environment")
        #expect(model.requestEditor.edit == nil, "I fetches; it does not edit the query")
        #expect(screen(model).contains("fetching the schema…"))
        #expect(Fixtures.press([.character("I")], &model).isEmpty, "one fetch at a time")
        fetched(&model)
        #expect(screen(model).contains("schema: 5 types") && model.status?.contains("Schema fetched: 5 types") == true, "\(screen(model))")
    }

    @Test func aFailedFetchIsShownAndIOnAJSONBodyStillEdits() {
        var model = model()
        Fixtures.press([.character("I")], &model)
        Fixtures.deliver(.schemaFetched(key: GraphQLSchemaViewTests.key, schema: nil, fetched: nil, failure: "HTTP 401: a bearer token is needed"), &model)
        #expect(screen(model).contains("✗ schema: HTTP 401: a bearer token is needed"), "\(screen(model))")
        var json = Fixtures.model(width: 100, height: 30)
        Fixtures.press([.character("j"), .right, .down, .down, .tab], &json)
        json.requestEditor.tab = .body
        #expect(Fixtures.press([.character("i")], &json).isEmpty && json.requestEditor.edit?.body != nil)
    }

    @Test func iEditsAGraphQLQueryAsItEditsEveryOtherBody() {
        var model = model()
        let effects = Fixtures.press([.character("i")], &model)
        #expect(model.requestEditor.edit?.body != nil, "i edits, as everywhere")
        #expect(!effects.contains { if case .introspect = $0 { true } else { false } }, "and fetches nothing")
    }

    @Test func enterEditsTheQueryAndReadsTheCachedSchemaOnce() {
        var model = model()
        let effects = Fixtures.press([.enter], &model)
        guard case let .readSchema(key)? = effects.first else { Issue.record("expected a cache read, got \(effects)"); return }
        #expect(key == GraphQLSchemaViewTests.key && model.requestEditor.edit?.body != nil)
        Fixtures.press([.escape], &model)
        #expect(Fixtures.press([.enter], &model).isEmpty, "the cache is read once")
    }

    @Test func tabCompletesAFieldFromTheSchemaAndListsSeveral() {
        var model = model()
        fetched(&model)
        // The cursor goes to the empty line inside user { }.
        Fixtures.press([.enter, .down, .down, .end] + Fixtures.typing("na") + [.tab], &model)
        #expect(model.requestEditor.edit?.body?.area.lines[2] == "    name", "\(String(describing: model.requestEditor.edit?.body?.area.lines))")
        Fixtures.press([.enter] + Fixtures.typing("n") + [.tab], &model)
        let text = screen(model)
        #expect(text.contains("Tab: name · nickname  (fields of User)"), "\(text)")
        #expect(model.requestEditor.edit?.body?.area.lines[3] == "    n")
        Fixtures.press(Fixtures.typing("i") + [.tab], &model)
        #expect(model.requestEditor.edit?.body?.area.lines[3] == "    nickname")
        #expect(!screen(model).contains("Tab: name"), "the list goes with the next key")
    }

    @Test func tabWhereNoNameIsExpectedIndents() {
        var model = model()
        fetched(&model)
        Fixtures.press([.enter, .tab], &model)
        #expect(model.requestEditor.edit?.body?.area.lines[0] == "  query {")
    }

    @Test func unknownNamesAreMarkedWithLineAndColumnAsTheyAreTyped() {
        var model = model()
        fetched(&model)
        Fixtures.press([.enter, .down, .down, .end] + Fixtures.typing("nmae"), &model)
        var text = screen(model)
        #expect(text.contains("✗ 3:5 unknown field \"nmae\" on User"), "\(text)")
        Fixtures.press([.backspace, .backspace, .backspace, .backspace] + Fixtures.typing("id"), &model)
        text = screen(model)
        #expect(text.contains("✓ every name is in the schema") && !text.contains("nmae"), "\(text)")
        Fixtures.press([.up, .home, .right, .right] + Fixtures.typing("x"), &model)
        #expect(screen(model).contains("✗ 2:3 unknown field \"xuser\" on Query"), "\(screen(model))")
        Fixtures.press([.escape], &model)
        #expect(screen(model).contains("✗ 2:3 unknown field \"xuser\" on Query"), "marks stay shown after the editor closes")
    }

    @Test func sOpensTheSchemaViewOnTheQueryRootAndJAndKBrowseTypes() {
        var model = model()
        fetched(&model)
        Fixtures.press([.character("S")], &model)
        var text = screen(model)
        #expect(text.contains("Schema of /users/{{userId}} · 5 types"), "\(text)")
        #expect(text.contains("› O Query") && text.contains("user(id: ID!): User") && text.contains("Look up one user by id."), "\(text)")
        #expect(text.contains("users(first: Int): [User!]!"))
        Fixtures.press(Fixtures.typing("jjjjj"), &model)
        text = screen(model)
        #expect(text.contains("› O User") && text.contains("Someone with an account.") && text.contains("name: String")
                && text.contains("Full name, as they wrote it."), "\(text)")
        Fixtures.press([.escape], &model)
        #expect(model.modal == nil)
    }

    @Test func sBeforeTheCacheIsReadOpensTheViewWhenItArrives() {
        var model = model()
        let effects = Fixtures.press([.character("S")], &model)
        guard case .readSchema? = effects.first else { Issue.record("expected a cache read, got \(effects)"); return }
        #expect(model.status == "Reading the cached schema…")
        fetched(&model)
        #expect(model.modal?.schemaBrowser != nil)
    }

    @Test func sWithNothingCachedSaysSoOnceTheCacheAnswers() {
        var model = model()
        Fixtures.press([.character("S")], &model)
        Fixtures.deliver(.schemaFetched(key: GraphQLSchemaViewTests.key, schema: nil, fetched: nil, failure: nil), &model)
        #expect(model.modal == nil && model.status == "No schema cached: i fetches it by introspection.")
        #expect(Fixtures.press([.character("S")], &model).isEmpty && model.status == "No schema yet: i fetches it by introspection.")
    }
}
