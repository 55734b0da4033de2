@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("GraphQL introspection: the query sent with the request's URL, headers and credentials, read into a schema and cached (issue 29)")
struct GraphQLSchemaTests {
    static var schema: GraphQLSchema {
        get throws { try GraphQLSchema(introspection: GraphQLTestSchema.introspectionAnswer) }
    }

    @Test func anIntrospectionAnswerReadsIntoTypesFieldsArgumentsAndDescriptions() throws {
        let schema = try GraphQLSchemaTests.schema
        #expect(schema.queryType == "Query" && schema.mutationType == "Mutation" && schema.subscriptionType == nil)
        let users = try #require(schema.type(named: "Query")?.field(named: "users"))
        #expect(users.signature == "users(first: Int, role: Role): [User!]!")
        #expect(users.description == "Every user, newest first.")
        #expect(schema.type(named: "User")?.fields.map(\.name) == ["id", "name", "email", "role", "posts"])
        #expect(schema.type(named: "Role")?.enumValues.map(\.name) == ["ADMIN", "MEMBER"])
        #expect(schema.field("__typename", of: "Post") != nil && schema.field("__schema", of: "Query") != nil)
        #expect(schema.field("__schema", of: "User") == nil)
    }

    @Test func aBrokenAnswerIsAnErrorNamingThePlace() {
        #expect(throws: GraphQLSchemaError("the answer is not a JSON object")) { try GraphQLSchema(introspection: Data("<html>".utf8)) }
        #expect(throws: GraphQLSchemaError("the server answered with errors: introspection is off")) {
            try GraphQLSchema(introspection: Data(#"{"errors": [{"message": "introspection is off"}]}"#.utf8))
        }
        #expect(throws: GraphQLSchemaError("data.__schema.types[1].kind is missing")) {
            try GraphQLSchema(introspection: Data(#"{"data": {"__schema": {"types": [{"kind": "SCALAR", "name": "A"}, {"name": "B"}]}}}"#.utf8))
        }
        #expect(throws: GraphQLSchemaError("data.__schema.types[0].fields[0].type.ofType.kind is missing")) {
            try GraphQLSchema(introspection: Data(#"{"data": {"__schema": {"types": [{"kind": "OBJECT", "name": "A", "fields": [{"name": "f", "type": {"kind": "NON_NULL"}}]}]}}}"#.utf8))
        }
    }

    /// The introspection request goes where the request goes, with its headers and credentials: this server refuses
    /// a request without the bearer token.
    @Test func theIntrospectionQueryTravelsWithTheRequestsURLHeadersAndCredentials() async throws {
        let server = try GraphQLLoopbackServer(token: "s3cret")
        defer { server.stop() }
        let temp = try TempCollections()
        try temp.write("G/collection.yaml", "name: G\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n    variables:\n      - name: token\n        value: s3cret\n")
        try temp.write("G/user.yaml", """
            method: POST
            url: /graphql
            headers:
              - name: X-Team
                value: blue
            auth:
              type: bearer
              token: '{{token}}'
            body:
              type: graphql
              query: '{ user(id: 1) { name } }'
            checks:
              - status: 201
            """)
        let collection = try #require(temp.load().collection(named: "G"))
        let located = try #require(collection.locate(["user"]))
        let resolver = RequestResolver(collection: collection, folders: [], request: located.request,
                                       environment: collection.defaultEnvironment, processEnvironment: [:])
        let introspecting = GraphQLIntrospection.resolver(for: resolver)
        #expect(introspecting.request.checks.isEmpty)
        let response = try await introspecting.resolve().request.send()
        #expect(response.urlResponse.statusCode == 200)
        let schema = try GraphQLSchema(introspection: response.data)
        #expect(schema.type(named: "User") != nil)
        let sent = try #require(server.requests.last)
        #expect(sent.head.headers["x-team"] == "blue" && sent.head.headers["authorization"] == "Bearer s3cret")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sent.body.utf8)) as? [String: Any])
        #expect(object["query"] as? String == GraphQLIntrospection.query)
    }

    @Test func anAnswerOver64MegabytesIsNotRead() throws {
        // Well formed, so only its size refuses it: parsed, 200 MB of answer took 2.2 GB.
        let padding = String(repeating: "p", count: 65 << 20)
        let answer = Data(#"{"padding": "\#(padding)", "data": {"__schema": {"queryType": {"name": "Q"}, "types": [{"kind": "OBJECT", "name": "Q", "fields": []}]}}}"#.utf8)
        do {
            let schema = try GraphQLSchema(introspection: answer)
            Issue.record("a \(answer.count)-byte answer was read: \(schema.types.count) types")
        } catch {
            #expect(error.description.contains("64.0 MB"), "\(error.description)")
        }
    }

    @Test func theIntrospectionRequestStopsReadingPast64Megabytes() async throws {
        let server = try FaultServer(routes: ["/graphql": .largeJSON(bytes: 80 << 20)])
        defer { server.stop() }
        let request = GraphQLIntrospection.limited(Request(.post, url: server.url("/graphql")))
        #expect(request.configuration.maxResponseBytes == 64 << 20)
        do {
            let response = try await request.send()
            Issue.record("read \(response.data.count) bytes")
        } catch {
            #expect(error.transportFailure == .tooLarge, "\(error)")
        }
    }

    @Test func theCacheKeepsAnAnswerPerCollectionEnvironmentAndURL() throws {
        let temp = try TempDirectory()
        let cache = GraphQLSchemaCache.standard(environment: ["XDG_STATE_HOME": temp.path])
        #expect(cache.directory.path == temp.path + "/apiexplorer/graphql")
        let local = GraphQLSchemaKey(collection: "shop", environment: "local", url: "{{baseURL}}/graphql")
        let staging = GraphQLSchemaKey(collection: "shop", environment: "staging", url: "{{baseURL}}/graphql")
        #expect(cache.read(local) == nil)
        try cache.write(GraphQLTestSchema.introspectionAnswer, for: local)
        let expected = try GraphQLSchemaTests.schema
        #expect(cache.read(local)?.schema == expected)
        #expect(cache.read(staging) == nil, "another environment has its own")
        #expect(local.relativePath.hasPrefix("shop/local/") && local.relativePath.hasSuffix(".json"))
        let hostile = GraphQLSchemaKey(collection: "../..", environment: "a/b", url: "x")
        let parts = hostile.relativePath.split(separator: "/")
        #expect(parts.count == 3 && parts.allSatisfy { $0 != ".." && $0 != "." }, "\(hostile.relativePath)")
    }
}
