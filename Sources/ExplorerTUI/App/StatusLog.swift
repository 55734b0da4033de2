import Foundation

/// The status line's message, keeping the recent ones for `!`. A property wrapper so the shell keeps its one `status`
/// property and every `status = …` anywhere (panes, overlays, runners' messages) lands in the log without each place
/// having to remember to.
@propertyWrapper
public struct StatusLog: Sendable {
    /// How many messages are kept; older ones go first.
    public static let limit = 100

    private var message: String?
    /// The note shown, when the message is a note about the send in flight rather than news.
    public private(set) var progress: SendProgressNote?
    /// The messages shown, oldest first.
    public private(set) var entries: [StatusEntry] = []
    /// The time new messages are stamped with: the shell sets it to its clock for each message it handles.
    public var clock = Date(timeIntervalSince1970: 0)

    /// Starts with `wrappedValue` shown (and logged).
    public init(wrappedValue: String?) {
        self.wrappedValue = wrappedValue
    }

    /// The message shown now, or nil.
    public var wrappedValue: String? {
        get { message }
        set {
            // A pane hands back the message it was lent: only a different one is news.
            if let newValue, newValue != message {
                entries.append(StatusEntry(time: clock, text: newValue))
                if entries.count > StatusLog.limit { entries.removeFirst(entries.count - StatusLog.limit) }
            }
            if newValue != message { progress = nil }
            message = newValue
        }
    }

    /// Shows a note about the send in flight, known as one until another message replaces it.
    public mutating func show(_ note: SendProgressNote) {
        wrappedValue = note.text
        progress = note
    }

    /// The log itself (`$status`).
    public var projectedValue: StatusLog {
        get { self }
        set { self = newValue }
    }
}
