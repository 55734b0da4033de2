/// Path arithmetic on plain strings, in place of `NSString`'s path methods: on Linux those trap on a path whose last
/// component is one non-ASCII character after `//` (`a//é`), and `deletingLastPathComponent` traps on `é` itself —
/// and a path can come from the user, a directory listing or an imported file.
public enum PathText {
    /// The last non-empty component (`a/b/` → `b`), `/` for a path of slashes only, "" for "".
    public static func lastComponent(_ path: String) -> String {
        if let last = path.split(separator: "/").last { return String(last) }
        return path.isEmpty ? "" : "/"
    }

    /// The path without its last component, as NSString gives it: `/a/b` → `/a`, `/a` → `/`, `a` → "", `a//b/` → `a`.
    public static func deletingLastComponent(_ path: String) -> String {
        let trimmed = path.dropLast(path.reversed().prefix { $0 == "/" }.count)
        guard !trimmed.isEmpty else { return path.isEmpty ? "" : "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = trimmed[..<slash]
        let withoutSlashes = parent.dropLast(parent.reversed().prefix { $0 == "/" }.count)
        return withoutSlashes.isEmpty ? "/" : String(withoutSlashes)
    }

    /// `component` after `path` with one slash between (`a` + `b`, `a/` + `b` and `a` + `/b` → `a/b`); either may be empty.
    public static func appending(_ path: String, _ component: String) -> String {
        guard !path.isEmpty else { return component }
        guard !component.isEmpty else { return path }
        let base = path.hasSuffix("/") ? String(path.dropLast(path.reversed().prefix { $0 == "/" }.count)) : path
        let tail = component.drop { $0 == "/" }
        return (base.isEmpty ? "" : base) + "/" + tail
    }

    /// The extension of the last component without its dot (`a/b.tar.gz` → `gz`); "" when there is none, and a leading
    /// dot does not start one (`.env` → "").
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The path without the extension of its last component (`a/api.http` → `a/api`; `a.d/b` and `.env` stay as they are).
    public static func deletingExtension(_ path: String) -> String {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart else { return path }
        return String(path[..<dot])
    }

    /// The part before the last slash and the part after it (`/x` → `/` and `x`, `x` → "" and `x`, `a/` → `a` and "").
    public static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, String(path[path.index(after: slash)...]))
    }
}
