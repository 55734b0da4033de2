/// A query inside a filter: relative to the current node (`@`) or absolute (`$`).
struct JSONPathQuery: Sendable, Hashable {
    /// True for `@...`, false for `$...`.
    var isRelative: Bool
    /// The segments after `@` or `$`.
    var segments: [JSONPathSegment]

    /// True if the query can select at most one node, as comparisons require.
    var isSingular: Bool { segments.allSatisfy(\.isSingular) }
}
