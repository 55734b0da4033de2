import ExplorerWorkspace

/// One request in the order a run sends them, with the requests it waits for.
public struct PlannedRequest: Sendable, Equatable {
    /// The request and its folders.
    public var located: CollectionSpec.Located
    /// `collection/folder/request`.
    public var reference: String
    /// References of the requests it needs (each planned before it).
    public var dependencies: [String]
    /// True when it is in the plan only because another request needs it.
    public var isDependency: Bool

    /// Creates a planned request.
    public init(located: CollectionSpec.Located, reference: String, dependencies: [String], isDependency: Bool) {
        self.located = located
        self.reference = reference
        self.dependencies = dependencies
        self.isDependency = isDependency
    }
}
