/// File and directory names for imported collections, folders and requests: lower-case words joined by `-`.
public enum ImportSlug {
    /// Names the loader treats specially, which an imported request must not take.
    static let reserved: Set<String> = ["collection", "folder", "secrets"]

    /// `Get user (v2)` → `get-user-v2`; `fallback` when nothing usable is left.
    public static func make(_ name: String, fallback: String = "request") -> String {
        var out = ""
        var pendingDash = false
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash, !out.isEmpty { out.append("-") }
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
    static func unique(_ slug: String, in taken: inout Set<String>) -> String {
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
