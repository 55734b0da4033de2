import ExplorerCore
import ExplorerWorkspace

/// A list to choose one item from, optionally with a free-text line (any HTTP method token).
public struct ListPicker: Sendable, Equatable {
    /// What the choice is for.
    public enum Purpose: Sendable, Equatable {
        /// The request's method; the free-text line takes any token.
        case method
        /// The body kind.
        case bodyKind
        /// The kind of credentials.
        case authKind
        /// The folder a request moves to (the request's tree key); options are folder paths.
        case moveRequest(key: RequestKey)
        /// N on the collection `key`: a folder in it, or a new collection beside it.
        case newAtTop(key: RequestKey)
        /// A saved message of the WebSocket request `key`, sent in its open conversation.
        case savedMessage(key: RequestKey)
        /// The method the gRPC request `key` calls, one of `choices` (in the options' order).
        case grpcMethod(key: RequestKey, choices: [GRPCMethodChoice])
    }

    /// The dialog's title.
    public var title: String
    /// The choices as shown.
    public var options: [String]
    /// The highlighted choice; `options.count` is the free-text line when there is one.
    public var selection: Int
    /// What choosing does.
    public var purpose: Purpose
    /// The free-text line, when the picker takes text too.
    public var custom: TextField?

    /// Creates a picker with `selected` highlighted (or the first).
    public init(title: String, options: [String], selected: String?, purpose: Purpose, custom: TextField? = nil) {
        self.title = title
        self.options = options
        self.purpose = purpose
        self.custom = custom
        selection = selected.flatMap { options.firstIndex(of: $0) } ?? (custom != nil && selected != nil ? options.count : 0)
    }

    /// True when the free-text line is highlighted.
    public var isOnCustom: Bool { custom != nil && selection == options.count }
}
