import Foundation

/// One row of a history list: enough to choose an exchange without reading its bodies.
public struct HistoryEntry: Sendable, Equatable, Identifiable {
    /// The row id.
    public var id: Int64
    /// When it was sent.
    public var sentAt: Date
    /// The saved request (`collection/folder/request`), or nil.
    public var reference: String?
    /// The environment, or nil.
    public var environment: String?
    /// The method.
    public var method: String
    /// The URL, secrets masked.
    public var url: String
    /// The status code, or nil when no response arrived.
    public var status: Int?
    /// Seconds the exchange took, when a response arrived.
    public var duration: Double?
    /// The response body's full size in bytes, when a response arrived.
    public var size: Int?
    /// Why no response arrived, if it did not.
    public var error: String?

    /// Creates a row.
    public init(id: Int64, sentAt: Date, reference: String?, environment: String?, method: String, url: String,
                status: Int?, duration: Double?, size: Int?, error: String?) {
        self.id = id
        self.sentAt = sentAt
        self.reference = reference
        self.environment = environment
        self.method = method
        self.url = url
        self.status = status
        self.duration = duration
        self.size = size
        self.error = error
    }
}
