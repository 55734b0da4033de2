import ExplorerCore
import ExplorerWorkspace
import Foundation

/// A request or body handed to the external editor.
public struct ExternalEdit: Sendable, Equatable {
    /// What is edited.
    public enum Target: Sendable, Equatable {
        /// The whole request file; it is read back and checked by the loader.
        case requestFile
        /// Only the body text (a temporary file), which goes back into the draft.
        case body
        /// An inline script's text (a temporary `.js` file), which goes back into the draft.
        case script(ScriptPhase)
    }

    /// The request's tree key.
    public var key: RequestKey
    /// What is edited.
    public var target: Target
    /// The request file's path.
    public var file: String
    /// The body or script text, when the target is one of them.
    public var text: String
    /// The request file's bytes as the explorer loaded them: applying the edit over a file that changed on disk since is
    /// a conflict, as a save is.
    public var original: Data?
}
