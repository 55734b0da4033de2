/// The command-line flags that exist for settings the config file also holds; they win over everything else.
public struct ConfigFlags: Sendable, Equatable {
    /// `--no-mouse`.
    public var noMouse = false
    /// `--history FILE`.
    public var historyFile: String?
    /// `--no-history`.
    public var noHistory = false
    /// `--theme NAME|FILE`.
    public var theme: String?
    /// `--no-cookies`.
    public var noCookies = false

    /// Creates flags (none given by default).
    public init(noMouse: Bool = false, historyFile: String? = nil, noHistory: Bool = false, theme: String? = nil, noCookies: Bool = false) {
        self.theme = theme
        self.noCookies = noCookies
        self.noMouse = noMouse
        self.historyFile = historyFile
        self.noHistory = noHistory
    }
}
