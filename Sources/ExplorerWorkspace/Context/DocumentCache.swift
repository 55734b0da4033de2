import Foundation

/// The last file parsed, kept while its size and modification time are unchanged: a `run` of a thousand requests
/// with a contract check against a several-MB OpenAPI description would otherwise parse it a thousand times.
public final class DocumentCache: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stamp: String?
    private var kept: (any Sendable)?

    /// An empty cache.
    public init() {}

    /// The file at `path` as `parse` makes it, from the cache while the file is unchanged; `nil` when the file cannot
    /// be read. A parse that throws is not kept.
    public func document<Document: Sendable, Failure: Error>(at path: String, parse: (Data) throws(Failure) -> Document)
        throws(Failure) -> Document? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = attributes?[.size].map { "\($0)" } ?? ""
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let current = "\(Document.self)\u{0}\(path)\u{0}\(size)\u{0}\(modified)"
        if let found = lock.withLock({ stamp == current ? kept as? Document : nil }) { return found }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let made = try parse(data)
        lock.withLock {
            stamp = current
            kept = made
        }
        return made
    }
}
