import Foundation

/// Scratch copies of the bundled Demo collection for end-to-end tests, so saving never touches the repository.
public enum DemoScratch {
    /// A new temporary directory holding a copy of `Collections/Demo` (the package root found from `filePath`).
    public static func collections(prefix: String = "explorer-e2e", filePath: String = #filePath) throws -> URL {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Collections/Demo"), to: scratch.appendingPathComponent("Demo"))
        return scratch
    }
}
