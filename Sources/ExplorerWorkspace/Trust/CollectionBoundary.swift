import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerCore

/// A collection's directory as a boundary: which file paths lie inside it once `..`, `~` and symbolic links are
/// resolved, so reading one needs no trust and reading any other does.
public struct CollectionBoundary: Sendable {
    /// The collection's directory as written.
    public var directory: String
    /// The home directory, for `~`.
    public var home: String

    /// A boundary at `directory`.
    public init(directory: String, home: String) {
        self.directory = directory
        self.home = home
    }

    /// `path` as `{{$file}}` takes it: `~` is the home directory, a relative path is taken from the collection.
    public func absolute(_ path: String) -> String {
        if path == "~" || path.hasPrefix("~/") { return home + path.dropFirst() }
        return path.hasPrefix("/") ? path : PathText.appending(directory, path)
    }

    /// The read of `full` when its real path leaves the collection, nil when it stays inside.
    public func outsideRead(_ full: String) -> OutsideRead? {
        let real = CollectionBoundary.realPath(full)
        return CollectionBoundary.contains(real, in: CollectionBoundary.realPath(directory)) ? nil : OutsideRead(.file, real)
    }

    /// True when the real path `real` is `root` (a real path) or lies inside it.
    public static func contains(_ real: String, in root: String) -> Bool {
        (real + "/").hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// True when `path` is a symbolic link whose real path leaves `root` (a real path). Only a link is resolved: a
    /// file or folder that is none is where its (checked) folder is.
    static func linksOutside(_ path: String, root: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return false }
        return !contains(realPath(path), in: root)
    }

    /// The canonical path of `path`: realpath(3) of the longest part that exists, the rest with `.` and `..` taken
    /// away, so a path that does not exist yet is judged by where it would be.
    public static func realPath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let parent = PathText.deletingLastComponent(path)
        let last = PathText.lastComponent(path)
        guard !parent.isEmpty, parent != path else { return path }
        let base = realPath(parent)
        switch last {
        case "", ".": return base
        case "..": return PathText.deletingLastComponent(base).isEmpty ? "/" : PathText.deletingLastComponent(base)
        default: return PathText.appending(base, last)
        }
    }
}
