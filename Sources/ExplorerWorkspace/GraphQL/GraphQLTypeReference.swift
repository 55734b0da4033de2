/// A field's or argument's type as introspection gives it: a named type, possibly wrapped in lists and non-null.
public indirect enum GraphQLTypeReference: Sendable, Equatable {
    /// A named type (`User`, `String`).
    case named(String)
    /// A list of the wrapped type.
    case list(GraphQLTypeReference)
    /// The wrapped type, never null.
    case nonNull(GraphQLTypeReference)

    /// The named type inside the wrappers: a field's selection set picks fields of this type.
    public var name: String {
        switch self {
        case let .named(name): return name
        case let .list(inner), let .nonNull(inner): return inner.name
        }
    }

    /// The type as written in GraphQL: `[User!]!`.
    public var description: String {
        switch self {
        case let .named(name): return name
        case let .list(inner): return "[\(inner.description)]"
        case let .nonNull(inner): return inner.description + "!"
        }
    }
}
