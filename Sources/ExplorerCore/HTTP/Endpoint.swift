import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A component below a parent: its path is appended to the parent's URL and it inherits everything else.
public protocol Endpoint: APIComponent {
    /// The component this one hangs from.
    associatedtype Parent: APIComponent
    /// The path appended to the parent's base URL (`users`, or `users/admin`).
    static var path: String { get }
}

extension Endpoint {
    /// The parent's base URL with this endpoint's path appended.
    public static var baseURL: URL {
        var url = Parent.context.baseURL
        for segment in path.split(separator: "/") { url.appendPathComponent(String(segment)) }
        return url
    }
    /// The parent's configuration.
    public static var configuration: Request.Configuration { Parent.context.configuration }
    /// The parent's session.
    public static var session: URLSession { Parent.context.session }
    /// The parent's context with this endpoint's overrides and own properties layered on top.
    public static var context: ComponentContext {
        Parent.context.child(baseURL: baseURL, properties: sharedProperties, configuration: configuration,
                             session: session, hooks: hooks)
    }
}
