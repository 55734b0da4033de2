import Foundation

/// What loading a collections directory produced: every collection that could be read, and every problem found.
public struct CollectionLoadResult: Sendable {
    /// The collections, in directory name order.
    public var collections: [CollectionSpec]
    /// Errors (a part was skipped) and warnings (something was ignored), with file, line and column.
    public var problems: [CollectionProblem]
    /// The bytes of each file as loaded, so a save can tell whether it changed on disk since.
    public var loadedFiles: [String: Data]
    /// False when request files inside folders were left unread (`CollectionLoader.readsNestedRequests`).
    public var isComplete = true

    /// Creates a result.
    public init(collections: [CollectionSpec] = [], problems: [CollectionProblem] = [], loadedFiles: [String: Data] = [:]) {
        self.collections = collections
        self.problems = problems
        self.loadedFiles = loadedFiles
    }

    /// Only the problems that skipped something.
    public var errors: [CollectionProblem] { problems.filter { !$0.isWarning } }

    /// A collection by reference segment or name, case-insensitively.
    public func collection(named name: String) -> CollectionSpec? {
        collections.first { $0.slug.caseInsensitiveCompare(name) == .orderedSame }
            ?? collections.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
