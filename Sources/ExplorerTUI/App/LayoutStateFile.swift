import ExplorerWorkspace
import Foundation

/// The explorer's split between the tree and the other panes as last moved, kept in the state directory
/// (`layout.json`) so the next run starts with it.
public struct LayoutStateFile: Sendable, Equatable {
    /// The file.
    public let path: String

    /// The file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The file in the state directory (`StateDirectory`).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> LayoutStateFile {
        LayoutStateFile(path: StateDirectory(environment: environment).file("layout.json"))
    }

    /// The split kept (a percentage, 10–90), or nil when there is none or the file is not one this wrote: a broken
    /// file only loses the remembered split, so the explorer starts with the default rather than failing.
    public func read() -> Int? {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let split = object["split"] as? Int, (10...90).contains(split) else { return nil }
        return split
    }

    /// Keeps `split`, replacing the file atomically.
    public func write(split: Int) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("{\"split\": \(split)}\n".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
