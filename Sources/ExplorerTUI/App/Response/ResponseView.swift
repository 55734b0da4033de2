import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The response pane's own state: where the response is, which request it is about, its tab, how its body is
/// viewed, and the kept exchange asked for to show in its place.
public struct ResponseView: Sendable {
    /// Where the current request is: idle, sending, received or failed.
    public var state = ResponseState.idle
    /// The events of the response streaming in now (or of the stream Esc stopped), until the whole response is shown.
    public var live: LiveStream?
    /// The WebSocket conversation shown instead of a response, while it is the request's.
    public var conversation: Conversation?
    /// The events of the stream or the lines of the conversation as a list: selection, the event opened, search
    /// and the JSONPath filter over them.
    public var events = EventList()
    /// The tab shown.
    public var tab = ResponseTab.body
    /// The request the response is about (`collection/folder/request`), so a response left on screen while browsing
    /// says where it came from.
    public var key: RequestKey?
    /// How the body is viewed: scroll, wrap, search, JSONPath filter.
    public var bodyView = BodyViewState()
    /// The id of the kept exchange asked for to show here, while it is read.
    public var pendingPast: Int?

    /// Creates an idle pane.
    public init() {}
}
