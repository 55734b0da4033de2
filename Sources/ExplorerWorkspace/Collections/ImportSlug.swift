/// File and directory names for imported collections, folders and requests: lower-case words joined by `-`.
public enum ImportSlug {
    /// Names the loader treats specially, which an imported request must not take.
    static let reserved: Set<String> = ["collection", "folder", "secrets"]

    /// The most UTF-8 bytes a slug takes: a file name must stay below the file system's 255 bytes, and 32 nested
    /// folders below the 4,096 of a path. Sixty characters alone do not bound it, since one letter can carry any
    /// number of combining marks.
    static let maximumBytes = 100

    /// `Get user (v2)` → `get-user-v2`, at most 60 characters and 100 bytes; `fallback` when nothing usable is left.
    public static func make(_ name: String, fallback: String = "request") -> String {
        var out = ""
        var pendingDash = false
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                let dash = pendingDash && !out.isEmpty
                guard out.utf8.count + (dash ? 1 : 0) + character.utf8.count <= maximumBytes else { break }
                if dash { out.append("-") }
                pendingDash = false
                out.append(character)
            } else {
                pendingDash = true
            }
            if out.count >= 60 { break }
        }
        if out.isEmpty { return fallback }
        return reserved.contains(out) ? out + "-1" : out
    }

    /// `slug`, or `slug-2`, `slug-3`… so that it is not in `taken` (compared case-insensitively); adds the result to `taken`.
    package static func unique(_ slug: String, in taken: inout Set<String>) -> String {
        var candidate = slug
        var counter = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(slug)-\(counter)"
            counter += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
