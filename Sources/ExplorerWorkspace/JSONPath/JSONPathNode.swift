/// One JSON value (or object key) in a `JSONPathDocument`'s flat, document-ordered node list.
///
/// A flat list instead of a tree of enums keeps a 50 MB body to a few allocations, and its
/// document order makes a subtree a contiguous range, so descendants are a linear scan.
struct JSONPathNode: Sendable {
    /// What kind of value a node is.
    enum Kind: UInt8, Sendable {
        case object, array, string, number, trueValue, falseValue, null
        /// An object member's name; its value is always the next node.
        case key
    }

    /// The kind of value.
    var kind: Kind
    /// Byte offset of the value's first byte in the body.
    var start: UInt32
    /// Byte offset just past the value's last byte in the body.
    var end: UInt32
    /// Index of the node after this value's whole subtree (its next sibling, if any).
    var next: UInt32

    /// True for objects and arrays, the only values selectors look inside.
    var isContainer: Bool { kind == .object || kind == .array }
}
