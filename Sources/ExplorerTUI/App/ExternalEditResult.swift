import ExplorerCore
import ExplorerWorkspace
import Foundation

/// What came back from the external editor.
public enum ExternalEditResult: Sendable {
    /// The body text as saved in the editor, for request `key`.
    case body(key: RequestKey, text: String)
    /// A script's text as saved in the editor, for request `key`.
    case script(key: RequestKey, phase: ScriptPhase, text: String)
    /// The request file was edited; the collections as read again.
    case requestFile(key: RequestKey, CollectionLoadResult)
    /// The editor could not be run, or its result not read.
    case failed(String)
}
