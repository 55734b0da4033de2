@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("GraphQL bodies: read, written back, and sent by POST and GET (issue 29)")
struct GraphQLBodyTests {
    static let file = """
    method: POST
    url: /echo
    body:
      type: graphql
      query: |
        query User($id: ID!) {
          user(id: $id) { name }
        }
      variables: '{"id": "{{userId}}"}'
      operationName: User
    variables:
      - name: userId
        value: "7"
    """

    @Test func aPostSendsTheQueryVariablesAndOperationAsJSON() async throws {
        let server = try await TestServer.shared()
        let temp = try TempCollections()
        try temp.write("G/collection.yaml", "name: G\nenvironments:\n  - name: l\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("G/user.yaml", GraphQLBodyTests.file)
        try temp.write("G/get.yaml", GraphQLBodyTests.file.replacingOccurrences(of: "method: POST", with: "method: GET"))
        let result = temp.load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "G"))
        func send(_ slug: String) async throws -> EchoReply {
            let located = try #require(collection.locate([slug]))
            let resolved = try RequestResolver(collection: collection, folders: [], request: located.request,
                                               environment: collection.defaultEnvironment, processEnvironment: [:]).resolve()
            return try await resolved.request.send()
        }
        let post = try await send("user")
        #expect(post.header("Content-Type") == "application/json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(post.body.utf8)) as? [String: Any])
        #expect(object["query"] as? String == "query User($id: ID!) {\n  user(id: $id) { name }\n}\n")
        #expect((object["variables"] as? [String: Any])?["id"] as? String == "7", "variables resolved and sent as an object")
        #expect(object["operationName"] as? String == "User")

        let get = try await send("get")
        #expect(get.method == "GET" && get.body.isEmpty)
        #expect(get.queryValues("query") == ["query User($id: ID!) {\n  user(id: $id) { name }\n}\n"])
        #expect(get.queryValues("variables") == ["{\"id\": \"7\"}"] && get.queryValues("operationName") == ["User"])
    }

    @Test func theBodyIsWrittenBackAsRead() throws {
        let temp = try TempCollections()
        try temp.write("G/collection.yaml", "name: G\n")
        try temp.write("G/user.yaml", GraphQLBodyTests.file)
        let request = try #require(temp.load().request("G/user"))
        guard case let .graphql(body) = request.body else { Issue.record("read as \(request.body)"); return }
        #expect(body.operationName == "User" && body.variables == "{\"id\": \"{{userId}}\"}")
        let lines = request.fileLines(for: "body")
        #expect(Array(lines.prefix(6)) == ["body:", "  type: graphql", "  query: |", "    query User($id: ID!) {",
                                           "      user(id: $id) { name }", "    }"], "\(lines)")
        #expect(lines.last == "  operationName: User")
        try temp.write("G/copy.yaml", (["url: /echo"] + lines).joined(separator: "\n") + "\n")
        #expect(try #require(temp.load().request("G/copy")).body == request.body, "what is written reads back the same")
    }

    @Test func variablesThatAreNotAJSONObjectAreRefusedWithTheirLine() throws {
        let temp = try TempCollections()
        try temp.write("G/collection.yaml", "name: G\n")
        try temp.write("G/bad.yaml", "url: /x\nbody:\n  type: graphql\n  query: '{ a }'\n  variables: '[1, 2]'\n")
        let problems = temp.load().problems
        #expect(problems.contains { $0.description.contains("bad.yaml:5") && $0.description.contains("variables must be a JSON object") },
                "\(problems)")
    }
}

@Suite("GraphQL errors read from a response body (issue 29)")
struct GraphQLErrorTests {
    @Test func errorsWithPathsAndLocations() {
        let body = Data(#"{"errors": [{"message": "boom", "path": ["a", 1], "locations": [{"line": 3, "column": 4}]}, {"message": "plain"}], "data": null}"#.utf8)
        let errors = GraphQLError.errors(in: body)
        #expect(errors.map(\.description) == ["boom · at a.1 · line 3:4", "plain"])
        #expect(GraphQLError.errors(in: Data(#"{"data": {"a": 1}}"#.utf8)).isEmpty && GraphQLError.errors(in: Data("not json".utf8)).isEmpty)
    }
}

@Suite("The graphqlErrors: none check (issue 29)")
struct GraphQLErrorsCheckTests {
    @Test func itIsReadWrittenAndFailsWithTheErrors() throws {
        let temp = try TempCollections()
        try temp.write("G/collection.yaml", "name: G\n")
        try temp.write("G/q.yaml", "url: /x\nchecks:\n  - graphqlErrors: none\n")
        try temp.write("G/bad.yaml", "url: /x\nchecks:\n  - graphqlErrors: some\n")
        let result = temp.load()
        let request = try #require(result.request("G/q"))
        #expect(request.checks.map(\.kind) == [.noGraphQLErrors])
        #expect(request.fileLines(for: "checks") == ["checks:", "  - graphqlErrors: none"])
        #expect(result.problems.contains { $0.description.contains("bad.yaml:3") && $0.description.contains("expected 'graphqlErrors: none'") },
                "\(result.problems)")
        let check = try #require(request.checks.first)
        let failing = CheckedResponse(status: 200, body: Data(#"{"errors": [{"message": "nope", "path": ["a"]}], "data": null}"#.utf8))
        let failed = CheckEvaluator(response: failing).evaluate(check)
        #expect(!failed.passed && failed.reason == "the response has 1 GraphQL error: nope · at a", "\(failed)")
        let passing = CheckedResponse(status: 200, body: Data(#"{"data": {"a": 1}}"#.utf8))
        #expect(CheckEvaluator(response: passing).evaluate(check).passed)
        guard case let .check(read) = try CheckRow.parse("no GraphQL errors", requestFile: request.file) else { Issue.record("not a check"); return }
        #expect(read.kind == .noGraphQLErrors, "the Checks tab reads back the line it shows")
    }
}
