/// Where a selected node sits, as a chain back to the root, so paths share their prefixes
/// and a normalized path is only spelled out for the matches that are shown.
final class JSONPathLocation: Sendable {
    /// One step from a parent to a child.
    enum Step: Sendable {
        /// An object member, named by the index of its key node (decoded only when printed).
        case member(key: Int)
        /// An array element.
        case index(Int)
    }

    /// The location of the parent; nil for the root's children.
    let parent: JSONPathLocation?
    /// The step from the parent.
    let step: Step

    /// Creates the location one `step` below `parent`.
    init(parent: JSONPathLocation?, step: Step) {
        self.parent = parent
        self.step = step
    }
}
