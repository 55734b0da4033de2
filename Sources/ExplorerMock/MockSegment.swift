/// One segment of a route's path: text that must be there, or a variable (`{{id}}`, OpenAPI's `{id}`) that takes any.
public enum MockSegment: Sendable, Equatable {
    /// A segment matched exactly (after percent-decoding).
    case literal(String)
    /// A segment matching any one segment.
    case variable(String)

    /// True for a literal segment: a route made of more of them wins over one that takes any value there.
    var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }
}
