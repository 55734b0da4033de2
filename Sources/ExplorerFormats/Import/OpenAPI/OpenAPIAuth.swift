import ExplorerCore
import ExplorerWorkspace

/// Credentials made from an OpenAPI security scheme: an auth, or (for an API key in a cookie, which auth cannot send) a
/// `Cookie` header.
package struct OpenAPIAuth: Sendable, Equatable {
    /// The request's or folder's auth.
    var auth: AuthSpec
    /// Headers that carry the credential instead.
    var headers: [KeyValue] = []
}
