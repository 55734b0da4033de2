import Foundation

/// Which exchanges a history list shows, newest first.
public struct HistoryQuery: Sendable, Equatable {
    /// Only exchanges of this saved request, or all.
    public var reference: String?
    /// Only exchanges whose URL, method or request contains this text (any case), or all.
    public var text: String
    /// Only these statuses.
    public var status: HistoryStatusFilter
    /// Only exchanges sent in this environment, or all.
    public var environment: String?
    /// Only exchanges from this source (`explorer`, `send`, `proxy`…), or all.
    public var source: String?
    /// At most this many rows.
    public var limit: Int

    /// Creates a query; the defaults list everything, newest first, up to 1,000 rows.
    public init(reference: String? = nil, text: String = "", status: HistoryStatusFilter = .all, environment: String? = nil,
                source: String? = nil, limit: Int = 1000) {
        self.reference = reference
        self.text = text
        self.status = status
        self.environment = environment
        self.source = source
        self.limit = limit
    }
}
