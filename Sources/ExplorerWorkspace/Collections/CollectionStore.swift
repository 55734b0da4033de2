import ExplorerCore
import Foundation
import Yams

/// Loads collections from a directory and saves edits back: atomically, touching only the edited block, and never
/// over a file that changed on disk since it was loaded.
public struct CollectionStore: Sendable {
    /// The collections directory.
    public var directory: String
    /// The loader used.
    public var loader: CollectionLoader

    /// Creates a store for `directory`.
    public init(directory: String, loader: CollectionLoader = CollectionLoader()) {
        self.directory = directory
        self.loader = loader
    }

    /// Loads every collection.
    public func load() -> CollectionLoadResult {
        loader.load(directory: directory)
    }

    /// Writes `headers` as the request's own headers, replacing only the `headers:` block of its file, and returns
    /// the new file bytes. `original` is the file as it was loaded: a different file on disk is a conflict.
    @discardableResult
    public static func saveHeaders(_ headers: [KeyValue], of request: RequestSpec, original: Data?) throws(SaveError) -> Data {
        var edited = request
        edited.headers = headers
        return try save(edited, keys: ["headers"], original: original)
    }

    /// Writes the keys of `edited` that differ from `saved` (the request as its file was loaded) into its file,
    /// replacing only those keys' blocks: comments, key order, unknown keys and blank lines elsewhere stay byte for
    /// byte. Returns the new bytes. `original` is the file as loaded: a different file on disk is a conflict.
    @discardableResult
    public static func save(_ edited: RequestSpec, over saved: RequestSpec, original: Data?) throws(SaveError) -> Data {
        try save(edited, keys: edited.changedKeys(from: saved), original: original, savedExamples: saved.examples)
    }

    private static func save(_ edited: RequestSpec, keys: [String], original: Data?, savedExamples: [RequestExample]? = nil) throws(SaveError) -> Data {
        let path = edited.file
        let current = try unchangedContents(at: path, since: original)
        guard var text = String(data: current, encoding: .utf8) else { throw .unreadable(path: path, reason: "not UTF-8 text") }
        for key in keys {
            // Examples only added (`x` in the response pane) are appended, so the examples already written keep
            // their formatting byte for byte, as the rest of the file does.
            if key == "examples", let savedExamples, edited.examples.starts(with: savedExamples),
               let appended = try appendingExamples(Array(edited.examples.dropFirst(savedExamples.count)), to: text, path: path) {
                text = appended
                continue
            }
            let later = RequestSpec.fileKeys.drop { $0 != key }.dropFirst()
            text = try replacingBlock(key, with: edited.fileLines(for: key), in: text, path: path, insertBefore: Array(later))
        }
        let data = Data(text.utf8)
        guard data != current else { return data }
        try AtomicFileWriter.write(data, to: path)
        return data
    }

    /// The file at `path` as it is on disk, unless it changed since `original` (the bytes the edit started from; nil
    /// checks nothing) was read: writing over it would lose that change, so that is a conflict.
    static func unchangedContents(at path: String, since original: Data?) throws(SaveError) -> Data {
        guard let current = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "the file no longer exists")
        }
        if let original, original != current { throw .conflict(path: path) }
        return current
    }

    /// `text` with the top-level `key` block replaced by `block` (or inserted before the first of `insertBefore`); an
    /// empty `block` removes the key.
    static func replacingBlock(_ key: String, with block: [String], in text: String, path: String, insertBefore: [String]) throws(SaveError) -> String {
        let node: Node?
        do { node = try Yams.compose(yaml: text, .basic, .default, .utf8) } catch { throw .unreadable(path: path, reason: "\(error)") }
        guard case let .mapping(mapping)? = node else { throw .unreadable(path: path, reason: "the file is not a mapping") }
        // JSON files parse as YAML too, but a YAML block would change their format; rewrite them whole instead.
        if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
            throw .unreadable(path: path, reason: "saving edits to JSON request files is not supported yet; convert it to YAML")
        }
        var lines = text.components(separatedBy: "\n")
        let keyLines: [(String, Int)] = mapping.keys.compactMap { keyNode in
            guard let name = keyNode.string, let line = keyNode.mark?.line else { return nil }
            return (name, line - 1)
        }
        if let start = keyLines.first(where: { $0.0 == key })?.1 {
            var end = keyLines.map(\.1).filter { $0 > start }.min() ?? lines.count
            // Keep blank lines and comments that sit right before the next key with that key.
            while end - 1 > start, lines[end - 1].trimmingCharacters(in: .whitespaces).isEmpty || lines[end - 1].hasPrefix("#") { end -= 1 }
            lines.replaceSubrange(start..<end, with: YAMLComments.carry(from: Array(lines[start..<end]), into: block))
        } else if block.isEmpty {
            return text
        } else if var before = keyLines.first(where: { insertBefore.contains($0.0) })?.1 {
            // Comments written right above that key belong to it, so the new block goes above them.
            while before > 0, lines[before - 1].hasPrefix("#"), keyLines.allSatisfy({ $0.1 != before - 1 }) { before -= 1 }
            lines.insert(contentsOf: block, at: before)
        } else {
            while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
            lines += block
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
