/// What a person must do for an interactive grant to go on, as shown (and copied) while the client waits.
public enum OAuth2Prompt: Sendable, Equatable {
    /// Approve in the browser at `url` (opened when there is a display; printed or shown to copy otherwise).
    case openURL(String, opened: Bool)
    /// Enter `userCode` at `verificationURL` on any device.
    case enterCode(userCode: String, verificationURL: String, completeURL: String?)

    /// The prompt as one line of text.
    public var text: String {
        switch self {
        case let .openURL(url, opened):
            return opened ? "Approve in the browser that opened (or open \(url))" : "Open this URL to approve: \(url)"
        case let .enterCode(userCode, verificationURL, completeURL):
            return "Enter the code \(userCode) at \(verificationURL)" + (completeURL.map { " (or open \($0))" } ?? "")
        }
    }
}
