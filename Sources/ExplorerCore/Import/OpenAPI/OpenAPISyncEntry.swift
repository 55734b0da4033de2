/// One imported operation as `--update` remembers it: the request file it became, a fingerprint of that file's text
/// as written (to tell whether the user edited it), and one of each part of the request (to say what the spec changed).
public struct OpenAPISyncEntry: Sendable, Equatable, Codable {
    /// The request file, relative to the collection.
    public var file: String
    /// The fingerprint of the file's text as the import wrote it.
    public var written: String
    /// Fingerprints of the request's parts (`url`, `query`, `body`…) as the spec gave them.
    public var parts: [String: String]

    /// Creates an entry.
    public init(file: String, written: String, parts: [String: String]) {
        self.file = file
        self.written = written
        self.parts = parts
    }
}
