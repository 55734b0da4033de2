import Foundation

/// A small GraphQL schema as a server's introspection answer, for the loopback GraphQL server and the tests that read
/// it: `Query { user(id: ID!): User, users(first: Int, role: Role): [User!]! }`, `User { id name email role
/// posts(limit: Int) }`, `Post { id title body }`, `enum Role { ADMIN MEMBER }` and
/// `Mutation { renameUser(id: ID!, name: String!): User }`, with descriptions.
public enum GraphQLTestSchema {
    /// The answer to the introspection query, as a server sends it (`{"data": {"__schema": …}}`).
    public static var introspectionAnswer: Data {
        let schema: [String: Any] = [
            "queryType": ["name": "Query"], "mutationType": ["name": "Mutation"], "subscriptionType": NSNull(),
            "types": [
                object("Query", "The queries this server answers.", [
                    field("user", "Look up one user by id.", args: [argument("id", nonNull(named("ID", "SCALAR")))], named("User", "OBJECT")),
                    field("users", "Every user, newest first.",
                          args: [argument("first", named("Int", "SCALAR")), argument("role", named("Role", "ENUM"))],
                          nonNull(list(nonNull(named("User", "OBJECT"))))),
                ]),
                object("User", "Someone with an account.", [
                    field("id", nil, nonNull(named("ID", "SCALAR"))),
                    field("name", "Full name, as they wrote it.", named("String", "SCALAR")),
                    field("email", "Where mail goes.", named("String", "SCALAR")),
                    field("role", nil, named("Role", "ENUM")),
                    field("posts", "What they wrote.", args: [argument("limit", named("Int", "SCALAR"))],
                          nonNull(list(nonNull(named("Post", "OBJECT"))))),
                ]),
                object("Post", "A piece of writing.", [
                    field("id", nil, nonNull(named("ID", "SCALAR"))),
                    field("title", nil, nonNull(named("String", "SCALAR"))),
                    field("body", nil, named("String", "SCALAR")),
                ]),
                object("Mutation", nil, [
                    field("renameUser", "Changes a user's name.",
                          args: [argument("id", nonNull(named("ID", "SCALAR"))), argument("name", nonNull(named("String", "SCALAR")))],
                          named("User", "OBJECT")),
                ]),
                ["kind": "ENUM", "name": "Role", "description": "What a user may do.", "fields": NSNull(), "inputFields": NSNull(),
                 "enumValues": [["name": "ADMIN", "description": "Everything."], ["name": "MEMBER", "description": NSNull()]],
                 "possibleTypes": NSNull()],
            ] + ["ID", "String", "Int", "Boolean"].map { scalar($0) },
        ]
        return (try? JSONSerialization.data(withJSONObject: ["data": ["__schema": schema]], options: [.sortedKeys])) ?? Data()
    }

    private static func object(_ name: String, _ description: String?, _ fields: [[String: Any]]) -> [String: Any] {
        ["kind": "OBJECT", "name": name, "description": description ?? NSNull(), "fields": fields, "inputFields": NSNull(),
         "enumValues": NSNull(), "possibleTypes": NSNull()]
    }

    private static func scalar(_ name: String) -> [String: Any] {
        ["kind": "SCALAR", "name": name, "description": NSNull(), "fields": NSNull(), "inputFields": NSNull(), "enumValues": NSNull(),
         "possibleTypes": NSNull()]
    }

    private static func field(_ name: String, _ description: String?, args: [[String: Any]] = [], _ type: [String: Any]) -> [String: Any] {
        ["name": name, "description": description ?? NSNull(), "args": args, "type": type, "isDeprecated": false]
    }

    private static func argument(_ name: String, _ type: [String: Any]) -> [String: Any] {
        ["name": name, "description": NSNull(), "type": type]
    }

    private static func named(_ name: String, _ kind: String) -> [String: Any] { ["kind": kind, "name": name, "ofType": NSNull()] }
    private static func list(_ inner: [String: Any]) -> [String: Any] { ["kind": "LIST", "name": NSNull(), "ofType": inner] }
    private static func nonNull(_ inner: [String: Any]) -> [String: Any] { ["kind": "NON_NULL", "name": NSNull(), "ofType": inner] }
}
