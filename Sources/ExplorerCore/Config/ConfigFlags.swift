/// The command-line flags that exist for settings the config file also holds; they win over everything else.
public struct ConfigFlags: Sendable, Equatable {
    /// `--no-mouse`.
    public var noMouse = false
    /// `--history FILE`.
    public var historyFile: String?
    /// `--no-history`.
    public var noHistory = false

    /// Creates flags (none given by default).
    public init(noMouse: Bool = false, historyFile: String? = nil, noHistory: Bool = false) {
        self.noMouse = noMouse
        self.historyFile = historyFile
        self.noHistory = noHistory
    }
}
