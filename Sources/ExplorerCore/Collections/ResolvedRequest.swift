import Foundation

/// A saved request made ready to send: the ExplorerCore `Request`, and what is needed to show it safely.
public struct ResolvedRequest: Sendable {
    /// The request, sent through ExplorerCore like any library request.
    public var request: Request
    /// Values to mask wherever the request or its response is shown.
    public var secretValues: [String]
    /// The environment used, if any.
    public var environment: EnvironmentSpec?

    /// `text` with every secret value replaced by `••••••`.
    public func masked(_ text: String) -> String {
        SecretMasker(secrets: secretValues).mask(text)
    }
}
