/// What a `CredentialServer` accepted or refused for one request.
public struct CredentialCheck: Sendable {
    /// The request as it arrived.
    public let request: RecordedRequest
    /// The status the server answered with.
    public let status: Int
    /// Why it refused, or `accepted`.
    public let verdict: String
}
