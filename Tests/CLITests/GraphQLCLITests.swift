import Foundation
import Testing
import TestSupport

@Suite("send on a GraphQL request (issue 29)")
struct GraphQLCLITests {
    /// The server answers 200 with `errors`, as GraphQL servers do; `send` prints the body and names each error on
    /// standard error with its path and location.
    @Test func graphQLErrorsAreNamedOnStandardError() async throws {
        let body = #"{"data": {"user": null}, "errors": [{"message": "Cannot query field \"nme\"", "path": ["user", 0, "nme"], "locations": [{"line": 2, "column": 9}]}]}"#
        let server = try FaultServer(routes: ["/graphql": .respond(status: 200, headers: ["Content-Type: application/json"], body: body)])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("G/collection.yaml", "name: G\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("G/user.yaml", "method: POST\nurl: /graphql\nbody:\n  type: graphql\n  query: '{ user { nme } }'\n")
        let output = try await CLIRunner.run(["send", "G/user", "--collections", temp.path, "--no-history", "--print", "b"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("\"user\": null"))
        #expect(output.stderr.contains("1 GraphQL error:") && output.stderr.contains("✗ Cannot query field \"nme\" · at user.0.nme · line 2:9"),
                "\(output.stderr)")
    }
}
