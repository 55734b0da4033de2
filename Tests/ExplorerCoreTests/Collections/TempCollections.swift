@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation

/// A fresh directory per test for collection files, removed when the value is dropped.
final class TempCollections: Sendable {
    /// The directory.
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "coltests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        chmodTree(root)
        try? FileManager.default.removeItem(atPath: root)
    }

    private func chmodTree(_ path: String) {
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let item = enumerator?.nextObject() as? String {
            chmod(root + "/" + item, 0o755)
        }
    }

    /// Writes `text` at `relative` below the root, creating directories; returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, data: Data(text.utf8))
    }

    /// Writes bytes at `relative` below the root; returns the full path.
    @discardableResult
    func write(_ relative: String, data: Data) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The full path of `relative`.
    func path(_ relative: String) -> String { root + "/" + relative }

    /// Loads the root with `loader`.
    func load(_ loader: CollectionLoader = CollectionLoader(environment: [:])) -> CollectionLoadResult {
        loader.load(directory: root)
    }
}

extension CollectionLoadResult {
    /// The request at `collection/folder/.../request`.
    func request(_ reference: String) -> RequestSpec? {
        let parts = reference.split(separator: "/").map(String.init)
        return collection(named: parts[0])?.locate(Array(parts.dropFirst()))?.request
    }

    /// The problems reported for a file (its path ends with `suffix`).
    func problems(in suffix: String) -> [CollectionProblem] {
        problems.filter { $0.location.file.hasSuffix(suffix) }
    }
}

/// A minimal collection manifest.
let minimalCollection = """
name: Mini
environments:
  - name: local
    baseURL: http://127.0.0.1:1
"""
