import ExplorerCore
import Foundation

/// A saved request made ready to send: the ExplorerCore `Request`, and what is needed to show it safely.
public struct ResolvedRequest: Sendable {
    /// The request, sent through ExplorerCore like any library request.
    public var request: Request
    /// Values to mask wherever the request or its response is shown.
    public var secretValues: [String]
    /// The environment used, if any.
    public var environment: EnvironmentSpec?
    /// `collection/folder/request`, for titles and exported code.
    public var reference: String = ""
    /// The body as the collection described it, variables substituted, for exporters.
    public var body: ResolvedBody = .none
    /// The headers the collection and folders give every request below them (enabled, substituted).
    public var sharedHeaders: HTTPHeaders = [:]
    /// The request's own headers, including `--header` values (enabled, substituted).
    public var ownHeaders: HTTPHeaders = [:]
    /// A GraphQL body with variables substituted, when the request has one: `body` holds the JSON it is sent as, and
    /// the `.http` export writes this in the clients' GraphQL form instead, so the import reads it back as GraphQL.
    public var graphQL: GraphQLBody?

    /// `text` with every secret value replaced by `••••••`.
    public func masked(_ text: String) -> String {
        SecretMasker(secrets: secretValues).mask(text)
    }

    /// The same request with more values to mask (secrets the response carried, such as a token captured as secret).
    public func adding(secrets: [String]) -> ResolvedRequest {
        var copy = self
        copy.secretValues += secrets
        return copy
    }
}
