/// The last component and the extension of paths and file names the importers are given, without `NSString`'s path
/// methods: on Linux those trap on a path that ends in `//` and one non-ASCII character (`a//é`), and an imported
/// file can name any path.
enum ImportPath {
    /// The last non-empty `/`-separated component (`a/b/` → `b`), or "" when there is none (`/`, "").
    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// `name` without its extension: `api.http` → `api`; a leading dot is not an extension (`.env` stays).
    static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
