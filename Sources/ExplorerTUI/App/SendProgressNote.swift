/// A status-line note about the send in flight, which goes once the answer is on screen (any other message stays).
public enum SendProgressNote: Sendable, Equatable {
    /// A request's needs are sent first.
    case sendingNeed(reference: String)
    /// A kept exchange is sent again.
    case replaying(id: Int64)

    /// What the status line says.
    public var text: String {
        switch self {
        case let .sendingNeed(reference): "Sending \(reference) first: this request needs its captures."
        case let .replaying(id): "Replaying #\(id) exactly as it was sent…"
        }
    }
}
