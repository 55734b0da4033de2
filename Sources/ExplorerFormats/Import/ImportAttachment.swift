import ExplorerCore
import Foundation

/// A file a request body reads (`< ./body.json` in a `.http` file), to be copied into the collection's `_files/`.
public struct ImportAttachment: Sendable, Equatable {
    /// The path as written in the source, relative to the source file's directory or absolute.
    public var sourcePath: String
    /// Where it goes, relative to the collection directory (`_files/body.json`).
    public var destination: String

    /// The last component of `path` as a file name that stays inside `_files/` (never `.`, `..` or empty).
    static func fileName(of path: String) -> String {
        let component = PathText.lastComponent(path)
        let name = component == "/" ? "" : component
        return name.isEmpty || name.hasPrefix(".") ? "file" + name.replacingOccurrences(of: ".", with: "-") : name
    }

    /// Creates an attachment.
    public init(sourcePath: String, destination: String) {
        self.sourcePath = sourcePath
        self.destination = destination
    }
}
