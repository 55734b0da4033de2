import Foundation

/// A fresh directory for a test's collections, removed afterwards.
public final class TempDirectory: Sendable {
    /// The directory.
    public let path: String

    /// Creates the directory under the system's temporary directory.
    public init() throws {
        path = NSTemporaryDirectory() + "apiexplorer-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` at `relative`, creating directories.
    public func write(_ relative: String, _ text: String) throws {
        let full = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: full.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: full)
    }
}
