/// One segment of a query: selectors applied to each input node (child) or to it and all its descendants.
struct JSONPathSegment: Sendable, Hashable {
    /// The selectors, applied in order; their results are concatenated.
    var selectors: [JSONPathSelector]
    /// True for `..`, which applies the selectors to the node and every descendant.
    var isDescendant: Bool

    /// True if the segment selects at most one node: one name or index, not descendant.
    var isSingular: Bool {
        guard !isDescendant, selectors.count == 1 else { return false }
        switch selectors[0] {
        case .name, .index: return true
        default: return false
        }
    }
}
