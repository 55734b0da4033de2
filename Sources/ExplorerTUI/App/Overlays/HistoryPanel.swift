import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The history overlay: which exchanges it lists and how they are filtered, what is selected and marked.
public struct HistoryPanel: Sendable, Equatable {
    /// The saved request whose exchanges are listed, or nil for every request.
    public var reference: String?
    /// Text the URL, method or request must contain.
    public var text = ""
    /// Which outcomes are listed.
    public var status = HistoryStatusFilter.all
    /// Only this environment's exchanges, or nil for all.
    public var environment: String?
    /// The environments history has seen, for stepping through with `e`.
    public var environments: [String] = []
    /// The exchanges listed, newest first.
    public var entries: [HistoryEntry] = []
    /// The selected row.
    public var selection = 0
    /// The exchange marked for comparing, if any.
    public var marked: Int64?
    /// The text filter being typed, when open.
    public var filterField: TextField?
    /// The id of the list being read, while it is.
    public var pending: Int?
    /// Only exchanges from this source; `captureSource` makes the panel the Capture view, read again every second.
    public var source: String?
    /// When the list was last read, for the Capture view's refresh.
    public var listedAt: Date?

    /// The history source of exchanges `apiexplorer proxy` recorded.
    public static let captureSource = "proxy"

    /// Creates a panel listing one request's exchanges, or every request's, from every source or one.
    public init(reference: String?, source: String? = nil) {
        self.reference = reference
        self.source = source
    }

    /// True for the Capture view: the exchanges the proxy recorded, kept up to date while it is open.
    public var isCapture: Bool { source == HistoryPanel.captureSource }

    /// At most this many rows are listed; a filter narrows them.
    public static let rowLimit = 1000

    /// The query that lists this panel's exchanges.
    public var query: HistoryQuery {
        HistoryQuery(reference: reference, text: text, status: status, environment: environment, source: source, limit: HistoryPanel.rowLimit)
    }

    /// The selected exchange, if any.
    public var selected: HistoryEntry? { entries.indices.contains(selection) ? entries[selection] : nil }
}
