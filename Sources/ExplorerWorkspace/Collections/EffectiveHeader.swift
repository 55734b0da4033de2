import ExplorerCore

/// A header as a request will send it, with where it comes from: the collection, a folder or the request itself.
public struct EffectiveHeader: Sendable, Equatable {
    /// The header as written (unresolved).
    public var header: KeyValue
    /// `collection`, the folder's name, or `request`.
    public var origin: String
    /// True when the header is the request's own (editable there); false when inherited.
    public var isOwn: Bool
    /// True when a nearer header with the same name replaces this one.
    public var isOverridden: Bool
    /// True for an inherited header the request switches off (`omitHeaders`).
    public var isOmitted = false

    /// Creates an entry.
    public init(header: KeyValue, origin: String, isOwn: Bool, isOverridden: Bool = false) {
        self.header = header
        self.origin = origin
        self.isOwn = isOwn
        self.isOverridden = isOverridden
    }
}
