import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A node of an API tree, declared as a type: a `Service` at the root, `Endpoint`s below it.
///
/// Each property has a default that inherits from the parent, so a component overrides only what differs.
public protocol APIComponent: SendableMetatype {
    /// The URL requests of this component start from.
    static var baseURL: URL { get }
    /// This component's own headers, query items and credentials; they are layered on top of the parent's.
    static var sharedProperties: Request.Properties { get }
    /// The configuration for requests below; by default the parent's.
    static var configuration: Request.Configuration { get }
    /// The session for requests below; by default the parent's.
    static var session: URLSession { get }
    /// This component's own hooks; they run after the parent's.
    static var hooks: RequestHooks { get }
    /// Everything resolved, as requests below this component inherit it.
    static var context: ComponentContext { get }
}

extension APIComponent {
    /// No properties of its own.
    public static var sharedProperties: Request.Properties { .empty }
    /// No hooks of its own.
    public static var hooks: RequestHooks { .none }
}
