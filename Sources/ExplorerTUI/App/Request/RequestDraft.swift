import ExplorerCore
import ExplorerWorkspace
import Foundation

/// One request's state in the editor beyond its file: the request as edited (nil while it matches the file), the
/// file's bytes as loaded or last saved (a save refuses to write over a file changed on disk since), and the body
/// editor as last closed (reopening it keeps its undo history and cursor).
public struct RequestDraft: Sendable {
    /// The request as edited, or nil when it has no unsaved edits.
    public var edited: RequestSpec?
    /// The file's bytes as loaded or last saved.
    public var original: Data?
    /// The body editor as last closed.
    public var bodyEditor: BodyEditor?

    /// Creates a draft.
    public init(edited: RequestSpec? = nil, original: Data? = nil, bodyEditor: BodyEditor? = nil) {
        self.edited = edited
        self.original = original
        self.bodyEditor = bodyEditor
    }
}
