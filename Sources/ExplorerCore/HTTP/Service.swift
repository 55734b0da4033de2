import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The root of an API tree: a base URL and what every request of the API shares.
public protocol Service: APIComponent {}

extension Service {
    /// The default configuration.
    public static var configuration: Request.Configuration { Request.Configuration() }
    /// The core's shared session.
    public static var session: URLSession { ExplorerSession.shared }
    /// The root context built from this service's properties.
    public static var context: ComponentContext {
        ComponentContext(baseURL: baseURL, properties: sharedProperties, configuration: configuration,
                         session: session, hooks: hooks)
    }
}
