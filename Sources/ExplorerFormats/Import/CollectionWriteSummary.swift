import ExplorerWorkspace

/// What writing an imported collection did.
public struct CollectionWriteSummary: Sendable, Equatable {
    /// The collection as written, with its directory and file paths: loading the directory gives exactly this.
    public var collection: CollectionSpec
    /// The collection directory.
    public var directory: String
    /// The files written, relative to `directory`, in the order written.
    public var files: [String]
    /// True when an existing collection was replaced (`--force`).
    public var replacedExisting: Bool
    /// True when the replaced collection's `secrets.local.yaml` was kept because the import had no secrets of its own.
    public var keptOldSecrets: Bool
    /// Body files that could not be copied.
    public var problems: [ImportReportItem]

    /// Creates a summary.
    public init(collection: CollectionSpec, directory: String, files: [String], replacedExisting: Bool, keptOldSecrets: Bool,
                problems: [ImportReportItem]) {
        self.collection = collection
        self.directory = directory
        self.files = files
        self.replacedExisting = replacedExisting
        self.keptOldSecrets = keptOldSecrets
        self.problems = problems
    }
}
