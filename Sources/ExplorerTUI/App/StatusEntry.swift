import Foundation

/// One message the status line showed, and when.
public struct StatusEntry: Sendable, Equatable {
    /// When it was shown (the explorer's clock).
    public var time: Date
    /// The message.
    public var text: String

    /// Creates an entry.
    public init(time: Date, text: String) {
        self.time = time
        self.text = text
    }
}
