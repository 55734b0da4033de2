import ExplorerCore
import Foundation

/// One row of an event list: an event of a streamed response or a line of a WebSocket conversation, numbered among
/// everything that arrived so its number holds when older rows are dropped from the front.
public struct EventItem: Sendable, Equatable {
    /// Its place among every row that arrived, from 0.
    public var sequence: Int
    /// Seconds from sending (or connecting) until it arrived.
    public var time: TimeInterval
    /// What goes between the time and the data: the SSE type and id, or the message's direction.
    public var label: [Span]
    /// How the whole event is titled when it is opened: `event: update · id 7`, `← received`.
    public var title: String
    /// The data: an event's data, a message's text (binary as hex), or a note about the connection.
    public var data: String
    /// True for a note about the connection (opened, closed, a pong), which the JSONPath filter passes over.
    public var isNote = false

    /// The items of `events`, the latest of `total` that arrived.
    static func items(_ events: [StreamEvent], total: Int) -> [EventItem] {
        let first = max(0, total - events.count)
        return events.enumerated().map { offset, event in
            var label: [Span] = []
            var title: [String] = []
            // A kept WebSocket conversation: the messages both ways, as the live conversation drew them.
            if event.kind == .sent || event.kind == .message {
                let sent = event.kind == .sent
                return EventItem(sequence: first + offset, time: event.time, label: [arrow(sent: sent)],
                                 title: sent ? "→ sent" : "← received", data: event.data)
            }
            if let name = event.event {
                label.append(Span("\(TerminalSafeText.sanitize(name)) ", style: ThemePalette.current.eventName))
                title.append("event: \(TerminalSafeText.sanitize(name))")
            }
            if let id = event.id {
                label.append(Span("id \(TerminalSafeText.sanitize(id)) ", style: Theme.dim))
                title.append("id \(TerminalSafeText.sanitize(id))")
            }
            let kind = event.kind == .line ? "line" : event.kind == .chunk ? "chunk" : "event"
            return EventItem(sequence: first + offset, time: event.time, label: label,
                             title: title.isEmpty ? kind : title.joined(separator: " · "), data: event.data)
        }
    }

    /// The items of a conversation's entries, the latest of `total` that it had.
    static func items(_ entries: [ConversationEntry], total: Int) -> [EventItem] {
        let first = max(0, total - entries.count)
        return entries.enumerated().map { offset, entry in
            let label: Span
            let title: String
            switch entry.direction {
            case .sent:
                label = arrow(sent: true)
                title = "→ sent"
            case .received:
                label = arrow(sent: false)
                title = "← received"
            case .note:
                label = Span("· ", style: Theme.dim)
                title = "· connection"
            }
            return EventItem(sequence: first + offset, time: entry.time, label: [label], title: title, data: entry.text,
                             isNote: entry.direction == .note)
        }
    }

    /// The direction of a WebSocket message: → for one sent, ← for one received.
    private static func arrow(sent: Bool) -> Span {
        Span(sent ? "→ " : "← ", style: sent ? ThemePalette.current.messageSent : ThemePalette.current.messageReceived)
    }

    /// The item as one screen line; `value` (what the JSONPath filter selected) stands in for the data when given.
    func line(value: String? = nil) -> StyledLine {
        var spans = [Span(String(format: "+%.3f s ", time), style: Theme.dim)] + label
        spans.append(Span(TerminalSafeText.sanitize((value ?? data).replacingOccurrences(of: "\n", with: " ⏎ ")),
                          style: isNote ? Theme.dim : .plain))
        return StyledLine(spans)
    }
}
