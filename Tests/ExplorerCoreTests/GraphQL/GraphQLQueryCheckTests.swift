@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("A GraphQL query read against the schema: unknown names marked at line:column, completion at the cursor (issue 29)")
struct GraphQLQueryCheckTests {
    let schema: GraphQLSchema

    init() throws {
        schema = try GraphQLSchema(introspection: GraphQLTestSchema.introspectionAnswer)
    }

    @Test func theTokenizerSkipsCommentsCommasAndStringsAndCountsLinesAndColumns() {
        let tokens = GraphQLTokenizer.tokens(in: "query Q($id: ID!) {\n  # user(\n  user(id: \"a{b\", x: \"\"\"mul\nti\"\"\") { ...on User }\n}")
        #expect(tokens.map(\.text) == ["query", "Q", "(", "$", "id", ":", "ID", "!", ")", "{", "user", "(", "id", ":", "\"a{b\"", "x", ":",
                                       "\"\"\"mul\nti\"\"\"", ")", "{", "...", "on", "User", "}", "}"])
        let user = tokens[10]
        #expect(user.line == 2 && user.column == 2)
        #expect(tokens[19].line == 3 && tokens[19].column == 7, "after a block string spanning lines: \(tokens[19])")
    }

    @Test func aValidQueryHasNoMarks() {
        let query = """
            query Users($role: Role) {
              users(first: 10, role: $role) @include(if: true) {
                id
                fullName: name
                posts(limit: 2) { title ... on Post { body } }
                __typename
              }
              user(id: "1") { ...UserParts }
            }
            fragment UserParts on User { email role }
            mutation { renameUser(id: "1", name: "Ada") { name } }
            { __schema { queryType { name } } }
            """
        #expect(schema.marks(in: query) == [])
    }

    @Test func unknownFieldsArgumentsAndTypesAreMarkedAtTheirLineAndColumn() {
        let query = """
            {
              user(id: 1, nmae: "x") {
                nmae
                posts(limit: 2, { deep: 1 }) { titel }
              }
              nobody { anything }
            }
            fragment F on Usr { id }
            """
        #expect(schema.marks(in: query).map(\.description) == [
            "2:15 unknown argument \"nmae\" of Query.user",
            "3:5 unknown field \"nmae\" on User",
            "4:36 unknown field \"titel\" on Post",
            "6:3 unknown field \"nobody\" on Query",
            "8:15 unknown type \"Usr\"",
        ])
    }

    @Test func completionOffersTheFieldsOfTheTypeSelectedFrom() throws {
        let query = "{\n  user(id: 1) {\n    na\n    po\n  }\n  u\n}"
        let name = try #require(schema.completion(in: query, line: 2, column: 6))
        #expect(name.prefix == "na" && name.column == 4 && name.candidates == ["name"] && name.what == "fields of User")
        let root = try #require(schema.completion(in: query, line: 5, column: 3))
        #expect(root.candidates == ["user", "users"] && root.commonPrefix == "user")
        let empty = try #require(schema.completion(in: "{ user { } }", line: 0, column: 9))
        #expect(empty.prefix.isEmpty && empty.candidates == ["id", "name", "email", "role", "posts", "__typename"])
        let mutation = try #require(schema.completion(in: "mutation { re", line: 0, column: 13))
        #expect(mutation.candidates == ["renameUser"])
    }

    @Test func completionInsideParenthesesOffersTheArgumentsNotGivenYet() throws {
        let query = "{ users(first: 2, r) { id } }"
        let arguments = try #require(schema.completion(in: query, line: 0, column: 19))
        #expect(arguments.candidates == ["role"] && arguments.what == "arguments of Query.users")
        let all = try #require(schema.completion(in: "{ users() }", line: 0, column: 8))
        #expect(all.candidates == ["first", "role"])
    }

    @Test func noCompletionWhereNoNameIsExpected() {
        #expect(schema.completion(in: "{ users(first: ) }", line: 0, column: 15) == nil, "a value comes after the colon")
        #expect(schema.completion(in: "query Q", line: 0, column: 7) == nil, "outside any selection set")
        #expect(schema.completion(in: "{ nobody { x", line: 0, column: 12) == nil, "inside an unknown field nothing is known")
    }
}
