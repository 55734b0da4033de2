import ExplorerCore

/// The standard introspection query, and the request that sends it in place of a GraphQL request's own query.
public enum GraphQLIntrospection {
    /// The query: root types, and every type's fields, arguments, input fields, enum values and possible types with
    /// their descriptions and type references (seven levels of wrapping, as the reference implementation asks for).
    /// Written compactly, so a GET request that carries it in the URL stays short.
    public static let query = """
        query IntrospectionQuery { __schema { queryType { name } mutationType { name } subscriptionType { name } \
        types { ...FullType } } } \
        fragment FullType on __Type { kind name description fields(includeDeprecated: true) { name description \
        args { ...InputValue } type { ...TypeRef } isDeprecated } inputFields { ...InputValue } \
        enumValues(includeDeprecated: true) { name description } possibleTypes { name } } \
        fragment InputValue on __InputValue { name description type { ...TypeRef } } \
        fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name \
        ofType { kind name ofType { kind name ofType { kind name } } } } } } } }
        """

    /// The largest introspection answer read: the biggest public schemas answer a few megabytes, and a larger answer
    /// (held, then parsed into objects several times its size) would take gigabytes of memory.
    public static let maxAnswerBytes = 64 << 20

    /// `request` made to stop reading an answer past `maxAnswerBytes` (or its own lower limit).
    public static func limited(_ request: Request) -> Request {
        request.configured { $0.maxResponseBytes = min($0.maxResponseBytes ?? maxAnswerBytes, maxAnswerBytes) }
    }

    /// Why an answer over `maxAnswerBytes` is not read, naming the limit.
    public static var tooLargeText: String {
        "the introspection answer is larger than \(MeasurementText.byteCount(maxAnswerBytes)), the most read for a schema"
    }

    /// The request of `resolver` with the introspection query as its body: the same URL, method, headers, credentials,
    /// options and environment, so the schema comes from where the request goes. Its checks and captures are dropped:
    /// they are about the request's own answer.
    public static func resolver(for resolver: RequestResolver) -> RequestResolver {
        var introspecting = resolver
        introspecting.request.body = .graphql(GraphQLBody(query: query))
        introspecting.request.checks = []
        introspecting.request.captures = []
        return introspecting
    }
}
