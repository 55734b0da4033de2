import Foundation

/// Marks a response shown from history rather than just received: which exchange, when and where it was sent.
public struct PastExchange: Sendable, Equatable {
    /// The exchange's id in the history database.
    public var id: Int64
    /// When it was sent.
    public var sentAt: Date
    /// The environment it was sent in, if any.
    public var environment: String?
    /// How many body bytes history kept, when it kept fewer than the body had.
    public var keptBytes: Int?

    /// Creates a mark.
    public init(id: Int64, sentAt: Date, environment: String?, keptBytes: Int? = nil) {
        self.id = id
        self.sentAt = sentAt
        self.environment = environment
        self.keptBytes = keptBytes
    }
}
