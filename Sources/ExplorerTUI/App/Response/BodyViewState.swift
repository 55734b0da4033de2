import ExplorerCore
import ExplorerWorkspace

/// How the response body is being viewed: scroll position, wrapping, line numbers and search.
public struct BodyViewState: Sendable {
    /// The first visible line.
    public var scroll = 0
    /// Rows of the first visible line scrolled past, when it wraps onto more rows than fit.
    public var scrollRow = 0
    /// Display columns scrolled past on the left, when lines do not wrap.
    public var column = 0
    /// True when long lines wrap instead of being cut.
    public var wrap = false
    /// True when line numbers are shown.
    public var lineNumbers = true
    /// True when JSON strings show printable `\u` escapes decoded (`"日本"` for `"\u65e5\u672c"`); `U` shows them as written.
    public var decodesEscapes = true
    /// The search being typed, when the search field is open.
    public var searchField: TextField?
    /// The last search.
    public var query = ""
    /// Lines that contain the query.
    public var matches: [Int] = []
    /// Index into `matches` of the current match.
    public var currentMatch = 0
    /// Id of the search in flight, if any; older results are ignored.
    public var pendingSearch: Int?
    /// Id of the next search.
    public var nextSearchID = 1
    /// The JSONPath filter being typed, when its prompt is open.
    public var filterField: TextField?
    /// The JSONPath applied to the body (empty: none).
    public var filterExpression = ""
    /// The body narrowed to the values the filter selects (a JSON array), shown instead of the body while set.
    public var filtered: BodyDocument?
    /// How many values the filter selected.
    public var filteredCount = 0
    /// Why the filter does not apply (a JSONPath error with its column), shown under the prompt.
    public var filterError: String?
    /// Id of the filter running off the UI, if any; older results are ignored.
    public var pendingFilter: Int?

    /// Creates the default view.
    public init() {}

    /// The first visible line and row.
    var position: BodyPosition {
        get { BodyPosition(line: scroll, row: scrollRow) }
        set {
            scroll = newValue.line
            scrollRow = newValue.row
        }
    }

    /// The query in quotes for messages, unless the user typed quotes around it already (`""x""` read doubled).
    public var quotedQuery: String {
        query.hasPrefix("\"") && query.hasSuffix("\"") && query.count > 1 ? query : "\"\(query)\""
    }
}
