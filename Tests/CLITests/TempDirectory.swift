import Foundation

/// A fresh directory for a test's collections, removed afterwards.
final class TempDirectory: Sendable {
    /// The directory.
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "clitests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` at `relative`, creating directories.
    func write(_ relative: String, _ text: String) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }
}
