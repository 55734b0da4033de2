import ExplorerCore

/// The Cookies view (Ctrl-K): the jar of the collection and environment in use, one cookie a row, values masked
/// until revealed; d deletes the selected cookie, D clears the jar after asking.
public struct CookiePanel: Sendable, Equatable {
    /// The collection's directory (the jar's first half).
    public var directory: String
    /// The collection's name, for the title.
    public var collectionName: String
    /// The environment in use (the jar's second half), `nil` for none.
    public var environment: String?
    /// Whether the jar keeps session cookies on disk (the collection's or environment's `keepSessionCookies`).
    public var keepsSessionCookies: Bool
    /// The cookies, as last read from the jar; `nil` until read, and for a run with cookies off.
    public var cookies: [CookieRecord]?
    /// True once the jar answered that cookies are off (`--no-cookies`).
    public var isOff = false
    /// The selected row.
    public var selection = 0
    /// Rows scrolled off the top.
    public var scroll = 0
    /// Values shown instead of masked.
    public var revealed = false
    /// True while "clear every cookie?" waits for y.
    public var confirmingClear = false

    /// A view of the jar of `directory` and `environment`, waiting for its cookies.
    public init(directory: String, collectionName: String, environment: String?, keepsSessionCookies: Bool) {
        self.directory = directory
        self.collectionName = collectionName
        self.environment = environment
        self.keepsSessionCookies = keepsSessionCookies
    }

    /// The cookie on the selected row.
    public var selected: CookieRecord? {
        guard let cookies, cookies.indices.contains(selection) else { return nil }
        return cookies[selection]
    }
}
