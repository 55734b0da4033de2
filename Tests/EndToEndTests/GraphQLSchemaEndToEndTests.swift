import Foundation
import Testing
import TestSupport

/// GraphQL in the real explorer in tmux against a loopback GraphQL server: i fetches the schema by introspection
/// (with the request's bearer token), Tab completes a field, S opens the Schema view, and after a restart the cached
/// schema is used without asking the server again.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct GraphQLSchemaEndToEndTests {
    private func launch(_ temp: TempDirectory, reuse session: TmuxSession? = nil) throws -> TmuxSession {
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let arguments = [binary.path, "--collections", temp.path + "/collections"]
        let environment = ["APIEXPLORER_HISTORY": "off", "XDG_STATE_HOME": temp.path + "/state"]
        let explorer: TmuxSession
        if let session {
            try session.respawn(arguments, environment: environment)
            explorer = session
        } else {
            explorer = try TmuxSession(arguments: arguments, width: 120, height: 36, environment: environment)
        }
        try explorer.waitFor("env: local")
        try explorer.waitUntilGone("Loading requests…")
        try explorer.sendKeys("/")
        try explorer.sendText("User")
        try explorer.sendKeys("Enter")
        try explorer.waitFor("┌  User")
        // The request pane, Headers tab, then the Body tab.
        try explorer.sendKeys("Tab", "]")
        try explorer.waitFor("GraphQL as JSON")
        return explorer
    }

    @Test func fetchTheSchemaCompleteAFieldBrowseItAndFindItCachedAfterARestart() throws {
        let server = try GraphQLLoopbackServer(token: "s3cret")
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("collections/G/collection.yaml", """
            name: G
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: token
                    value: s3cret
            """)
        try temp.write("collections/G/user.yaml", """
            name: User
            method: POST
            url: /graphql
            auth:
              type: bearer
              token: '{{token}}'
            body:
              type: graphql
              query: |
                query {
                  user(id: 1) {
                    id
                  }
                }
            """)
        let session = try launch(temp)
        defer { session.kill() }
        try session.waitFor("no schema yet")
        try session.sendKeys("I")
        try session.waitFor("schema: 9 types")
        #expect(server.introspections == 1)
        #expect(server.requests.last?.head.headers["authorization"] == "Bearer s3cret", "the request's credentials went along")

        // A new line under `id`: "na" is marked as it is typed, then Tab completes it to "name".
        try session.sendKeys("Enter", "Down", "Down", "End", "Enter")
        try session.sendText("na")
        try session.waitFor("✗ 4:5 unknown field \"na\" on User")
        try session.sendKeys("Tab")
        let completed = try session.waitFor("✓ every name is in the schema")
        #expect(completed.contains("    name"), "\(completed)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("editing the query")

        // The Schema view: the query root first, with its fields and their descriptions; G goes to the last type.
        try session.sendKeys("S")
        let view = try session.waitFor("Schema of /graphql · 9 types")
        #expect(view.contains("› O Query") && view.contains("user(id: ID!): User") && view.contains("Look up one user by id."), "\(view)")
        try session.sendKeys("G")
        let user = try session.waitFor("Full name, as they wrote it.")
        #expect(user.contains("› O User") && user.contains("posts(limit: Int): [Post!]!"), "\(user)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("Schema of")

        // After a restart the schema comes from the cache: S opens it and the server is not asked again.
        _ = try launch(temp, reuse: session)
        try session.sendKeys("S")
        try session.waitFor("Schema of /graphql · 9 types")
        #expect(server.introspections == 1)
        // Esc and the next key are sent apart: together a terminal reads them as Alt and the key.
        try session.sendKeys("Escape")
        try session.waitUntilGone("Schema of")
    }
}
