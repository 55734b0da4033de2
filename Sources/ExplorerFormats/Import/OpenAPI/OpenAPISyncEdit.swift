import ExplorerWorkspace

/// A request the user edited since the import and `--update` left alone: what the spec changed in it, and both
/// versions, so `--update --diff` can show them side by side.
public struct OpenAPISyncEdit: Sendable, Equatable {
    /// The request file, relative to the collection.
    public var file: String
    /// What the spec changed since the import, for people (`added query parameter dryRun`, `changed body`).
    public var changes: [String]
    /// The request file as the newer spec would write it.
    public var specText: String
    /// The request file as it is now, with the user's edits.
    public var yourText: String

    /// Creates an edit.
    public init(file: String, changes: [String], specText: String = "", yourText: String = "") {
        self.file = file
        self.changes = changes
        self.specText = specText
        self.yourText = yourText
    }

    /// The two versions as a unified diff, the spec's as `---` and the user's as `+++`.
    public var diffLines: [String] {
        UnifiedDiff.lines(specText, yourText, oldLabel: "spec   \(file) (the spec's version)", newLabel: "yours  \(file) (your version, kept)")
    }
}
