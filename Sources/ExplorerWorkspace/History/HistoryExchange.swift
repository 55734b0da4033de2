import Foundation

/// One exchange as history keeps it: the request as sent and the response or the error, with every secret masked.
public struct HistoryExchange: Sendable, Equatable {
    /// The row id in the history database; nil until it is stored.
    public var id: Int64?
    /// When the request was sent.
    public var sentAt: Date
    /// The saved request it came from (`collection/folder/request`), or nil.
    public var reference: String?
    /// The environment it was sent in, or nil.
    public var environment: String?
    /// What sent it: `explorer`, `send`, `diff` or `replay`.
    public var source: String
    /// The request as sent.
    public var request: HistoryRequest
    /// The response, when one arrived.
    public var response: HistoryResponse?
    /// Why no response arrived, when none did.
    public var error: String?

    /// Creates an exchange.
    public init(id: Int64? = nil, sentAt: Date, reference: String?, environment: String?, source: String,
                request: HistoryRequest, response: HistoryResponse?, error: String?) {
        self.id = id
        self.sentAt = sentAt
        self.reference = reference
        self.environment = environment
        self.source = source
        self.request = request
        self.response = response
        self.error = error
    }

    /// The row a list of exchanges shows for this one.
    public var entry: HistoryEntry {
        HistoryEntry(id: id ?? 0, sentAt: sentAt, reference: reference, environment: environment, method: request.method,
                     url: request.url, status: response?.status, duration: response?.duration, size: response?.body.size,
                     error: error)
    }
}
