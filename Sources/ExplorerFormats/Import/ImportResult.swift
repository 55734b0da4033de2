import ExplorerWorkspace

/// What an importer produced: the collection (secret values inside its environments), files to copy, and the report.
public struct ImportResult: Sendable, Equatable {
    /// The collection; directories and files are filled in when it is written.
    public var collection: CollectionSpec
    /// Body files to copy into the collection.
    public var attachments: [ImportAttachment]
    /// What could not be converted.
    public var report: ImportReport
    /// OpenAPI: each request's `operationId` by `METHOD url`, so `--update` knows an operation whose method or path
    /// changed as the same one.
    public var operationIds: [String: String] = [:]

    /// Creates a result.
    public init(collection: CollectionSpec, attachments: [ImportAttachment] = [], report: ImportReport = ImportReport()) {
        self.collection = collection
        self.attachments = attachments
        self.report = report
    }

    /// The same result with the collection's display name and directory name taken from `name`.
    public func renamed(_ name: String) -> ImportResult {
        var copy = self
        copy.collection.root.name = name
        copy.collection.root.slug = ImportSlug.make(name, fallback: "imported")
        return copy
    }
}
