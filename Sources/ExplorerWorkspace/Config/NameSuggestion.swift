/// The closest name to a misspelt one, for "did you mean" in warnings outside this module (key map actions).
public enum NameSuggestion {
    /// The name in `allowed` that `name` most likely misspells (other case, or at most two edits away), or nil.
    public static func closest(to name: String, in allowed: [String]) -> String? {
        YAMLMap.suggestion(for: name, in: allowed)
    }
}
