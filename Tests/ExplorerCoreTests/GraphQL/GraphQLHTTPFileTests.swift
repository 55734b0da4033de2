@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("GraphQL requests in .http files: imported as the graphql body kind, exported to .http and curl (issue 29)")
struct GraphQLHTTPFileTests {
    static let file = """
        ### Find a user (VS Code REST Client)
        POST {{baseURL}}/graphql
        Content-Type: application/json
        X-REQUEST-TYPE: GraphQL

        query User($id: ID!) {
          user(id: $id) { name }

          users(first: 2) { id }
        }

        {
          "id": "{{userId}}"
        }

        ### Rename (JetBrains)
        GRAPHQL {{baseURL}}/graphql

        mutation { renameUser(id: "1", name: "Ada") { name } }
        """

    @Test func bothFormsImportAsGraphQLBodiesWithTheirVariables() throws {
        let result = try HTTPFileImporter.importFile(GraphQLHTTPFileTests.file, source: "graph.http")
        let requests = result.collection.root.requests
        #expect(requests.map(\.method) == ["POST", "POST"])
        #expect(requests[0].headers == [KeyValue("Content-Type", "application/json")], "the marker header is not kept")
        #expect(requests[0].body == .graphql(GraphQLBody(query: "query User($id: ID!) {\n  user(id: $id) { name }\n\n  users(first: 2) { id }\n}",
                                                         variables: "{\n  \"id\": \"{{userId}}\"\n}")),
                "a blank line inside the query stays in it: \(requests[0].body)")
        #expect(requests[1].body == .graphql(GraphQLBody(query: "mutation { renameUser(id: \"1\", name: \"Ada\") { name } }")))
    }

    /// Imported, then resolved and sent as any request is: the server gets the query and variables as JSON.
    @Test func anImportedGraphQLRequestIsSentToAGraphQLServer() async throws {
        let server = try GraphQLLoopbackServer()
        defer { server.stop() }
        let result = try HTTPFileImporter.importFile(GraphQLHTTPFileTests.file, source: "graph.http")
        var collection = result.collection
        collection.root.variables = [Variable(name: "baseURL", value: server.baseURL.absoluteString), Variable(name: "userId", value: "7")]
        let request = try #require(collection.root.requests.first)
        let resolved = try RequestResolver(collection: collection, folders: [], request: request, environment: nil, processEnvironment: [:]).resolve()
        let response = try await resolved.request.send()
        #expect(String(decoding: response.data, as: UTF8.self).contains("Ada Lovelace"))
        let sent = try #require(server.requests.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sent.body.utf8)) as? [String: Any])
        #expect((object["query"] as? String)?.hasPrefix("query User($id: ID!)") == true)
        #expect((object["variables"] as? [String: Any])?["id"] as? String == "7")
    }

    @Test func exportKeepsAGraphQLRequestAsGraphQLInHTTPAndAsItsJSONInCurl() throws {
        let temp = try TempCollections()
        try temp.write("G/collection.yaml", "name: G\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:4000\n")
        try temp.write("G/user.yaml", """
            method: POST
            url: /graphql
            body:
              type: graphql
              query: |
                query User($id: ID!) {
                  user(id: $id) { name }
                }
              variables: '{"id": "{{userId}}"}'
            variables:
              - name: userId
                value: "7"
            """)
        let result = temp.load()
        let collection = try #require(result.collection(named: "G"))
        let request = try #require(collection.locate(["user"])?.request)
        let resolved = try RequestResolver(collection: collection, folders: [], request: request,
                                           environment: collection.defaultEnvironment, processEnvironment: [:]).resolve()
        let http = RequestExporter().export(resolved, as: .http)
        #expect(http.contains("X-REQUEST-TYPE: GraphQL\n\nquery User($id: ID!) {\n  user(id: $id) { name }\n}\n\n{\"id\": \"7\"}\n"), "\(http)")
        let back = try HTTPFileImporter.importFile(http, source: "back.http").collection.root.requests
        #expect(back.first?.body == .graphql(GraphQLBody(query: "query User($id: ID!) {\n  user(id: $id) { name }\n}", variables: "{\"id\": \"7\"}")),
                "the export reads back as GraphQL: \(String(describing: back.first?.body))")
        let curl = RequestExporter().export(resolved, as: .curl)
        #expect(curl.contains(#"{"query": "query User($id: ID!) {\n  user(id: $id) { name }\n}\n", "variables": {"id": "7"}}"#), "\(curl)")
    }
}
