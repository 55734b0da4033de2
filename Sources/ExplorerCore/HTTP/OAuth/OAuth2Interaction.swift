/// How an interactive grant reaches the person: whether a browser may be opened, and where the prompt is shown.
public struct OAuth2Interaction: Sendable {
    /// True when a browser may be opened (there is a display); false prints or shows the URL instead.
    public var opensBrowser: Bool
    /// Shows the prompt (prints it, puts it in the Auth tab, copies the code).
    public var show: @Sendable (OAuth2Prompt) -> Void
    /// Opens `url` in a browser; true when it was opened. Tests stand in for the browser here.
    public var openBrowser: @Sendable (String) -> Bool
    /// How long to wait for the person before giving up.
    public var patience: Double
    /// Seconds added to the device flow's polling interval on each `slow_down` (RFC 8628 says 5).
    public var slowDownStep: Double = 5

    /// Creates an interaction.
    public init(opensBrowser: Bool, patience: Double = 300, show: @escaping @Sendable (OAuth2Prompt) -> Void,
                openBrowser: @escaping @Sendable (String) -> Bool = OAuth2Interaction.systemBrowser) {
        self.opensBrowser = opensBrowser
        self.patience = patience
        self.show = show
        self.openBrowser = openBrowser
    }

    /// Opens `url` with `xdg-open` (or `open` on macOS); false when neither could be started.
    public static let systemBrowser: @Sendable (String) -> Bool = { url in
        BrowserLauncher.open(url)
    }
}
