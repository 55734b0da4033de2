import ExplorerCore
import ExplorerWorkspace
import Foundation

/// A WebSocket conversation in the response pane: its state, and every message sent and received with its time.
public struct Conversation: Sendable, Equatable {
    /// Where the connection is.
    public enum State: Sendable, Equatable {
        /// The handshake is under way.
        case connecting
        /// Open, with the subprotocol the server chose.
        case open(subprotocol: String?)
        /// Closed (by either side), with the code and reason.
        case closed(code: UInt16?, reason: String)
        /// The connection or handshake failed.
        case failed(String)
    }

    /// The id its effects and messages carry.
    public var id: Int
    /// The tree key of the request it belongs to.
    public var key: RequestKey
    /// Where the connection is.
    public var state = State.connecting
    /// The conversation so far, oldest first (the latest `keptEntries`).
    public private(set) var entries: [ConversationEntry] = []
    /// Messages sent and received in all.
    public private(set) var sent = 0, received = 0
    /// Entries added in all, those no longer kept included.
    public private(set) var total = 0
    /// When the connection was asked for.
    public var started: Date

    /// How many entries are kept for the screen.
    public static let keptEntries = 2_000

    /// A conversation starting now.
    public init(id: Int, key: RequestKey, started: Date) {
        self.id = id
        self.key = key
        self.started = started
    }

    /// True while messages can be sent.
    public var isOpen: Bool { if case .open = state { true } else { false } }

    /// Adds a line at `now`.
    public mutating func append(_ direction: ConversationEntry.Direction, _ text: String, now: Date) {
        if direction == .sent { sent += 1 }
        if direction == .received { received += 1 }
        total += 1
        entries.append(ConversationEntry(direction: direction, text: text, time: max(0, now.timeIntervalSince(started))))
        if entries.count > Conversation.keptEntries { entries.removeFirst(entries.count - Conversation.keptEntries) }
    }

    /// The line above the messages: the state, the counts and the time.
    public func summary(now: Date, keyMap: KeyMap) -> StyledLine {
        let counts = " · \(sent) ↑ \(received) ↓ · \(String(format: "%.1f", max(0, now.timeIntervalSince(started)))) s"
        switch state {
        case .connecting: return StyledLine("connecting…" + counts + "   (Esc gives up)", style: .bold)
        case let .open(subprotocol):
            return StyledLine([Span("connected" + (subprotocol.map { " (\($0))" } ?? ""), style: Theme.passed),
                               Span(counts + "   " + [keyMap.keyLabel(for: .send, focus: .request).map { "\($0) sends the Body tab" }, "Esc closes"]
                                        .compactMap { $0 }.joined(separator: " · "), style: Theme.dim)])
        case let .closed(code, reason):
            let why = (code.map { " \($0)" } ?? "") + (reason.isEmpty ? "" : " \(TerminalSafeText.sanitize(reason))")
            return StyledLine([Span("closed" + why, style: Theme.warning), Span(counts + "   Ctrl-J connects again", style: Theme.dim)])
        case let .failed(message):
            return StyledLine([Span("✗ " + TerminalSafeText.sanitize(message), style: Theme.error), Span("   Ctrl-J tries again", style: Theme.dim)])
        }
    }

    /// The entries as rows of the event list.
    var items: [EventItem] { EventItem.items(entries, total: total) }
}
