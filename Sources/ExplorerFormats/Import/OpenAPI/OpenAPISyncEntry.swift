/// One imported operation as `--update` remembers it: the request file it became, a fingerprint of that file's text
/// as written (to tell whether the user edited it), a fingerprint of each part of the request (to tell what the spec
/// changed) and the spec's version of the file (to name those changes).
public struct OpenAPISyncEntry: Sendable, Equatable, Codable {
    /// The request file, relative to the collection.
    public var file: String
    /// The fingerprint of the file's text as the import wrote it.
    public var written: String
    /// Fingerprints of the request's parts (`url`, `query`, `body`…) as the spec gave them.
    public var parts: [String: String]
    /// The request file's text as the spec gave it, to name what a newer spec changes; nil in a state written before
    /// it was kept, where only the changed parts can be named.
    public var spec: String?
    /// The operation's `operationId`, which follows it when its method or path changes; nil when it has none.
    public var operationId: String?

    /// Creates an entry.
    public init(file: String, written: String, parts: [String: String], spec: String? = nil, operationId: String? = nil) {
        self.file = file
        self.written = written
        self.parts = parts
        self.spec = spec
        self.operationId = operationId
    }
}
