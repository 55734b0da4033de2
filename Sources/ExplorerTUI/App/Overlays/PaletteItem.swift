import ExplorerCore
import ExplorerWorkspace

/// One row the command palette can list: what it matches and shows, the dim note beside it, and what Enter does.
public struct PaletteItem: Sendable, Equatable {
    /// What Enter does.
    public var target: PaletteTarget
    /// The text shown and matched (a request's name, method, URL and folder; an action's help text).
    public var text: String
    /// Shown dim on the right and not matched: an action's keys, an exchange's status.
    public var note: String
    /// The name the recency list knows it by.
    public var id: String

    /// The id of the request `key`'s row, which a send also puts first among the recent picks.
    public static func requestID(_ key: RequestKey) -> String { "request:" + key.description }

    /// Creates a row.
    public init(target: PaletteTarget, text: String, note: String = "", id: String) {
        self.target = target
        self.text = text
        self.note = note
        self.id = id
    }
}
