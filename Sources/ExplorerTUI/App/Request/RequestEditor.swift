import ExplorerCore
import Foundation

/// The request pane's own state: its tab and table selection, what is being edited, and the unsaved edits of every
/// request with the file bytes they were made against.
public struct RequestEditor: Sendable {
    /// The tab shown.
    public var tab = RequestTab.headers
    /// The selected row in the tab's table (effective headers, parameters, form fields, auth or options).
    public var selection = 0
    /// Unsaved edits: the request as edited, per request key; a request edited back to its file's state has none.
    public var drafts: [String: RequestSpec] = [:]
    /// The last body editor closed and its request key, so reopening it keeps undo history.
    var closedBodyEditor: (String, BodyEditor)?
    /// What has the cursor (the URL, a table row, a value, the body), if anything.
    public var edit: RequestEdit?
    /// File bytes as loaded or last saved, for conflict detection.
    public var loadedFiles: [String: Data] = [:]

    /// Creates an editor with no edits, over files loaded as `loadedFiles`.
    public init(loadedFiles: [String: Data] = [:]) {
        self.loadedFiles = loadedFiles
    }
}
