import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The parts of a request a component shares with everything under it: headers, query items, path components and credentials.
public struct RequestProperties: Sendable {
    /// Headers added to every request below the component.
    public var headers: HTTPHeaders
    /// Query items added to every request below the component.
    public var queryItems: [URLQueryItem]
    /// Path components appended after the base URL.
    public var pathComponents: [String]
    /// Credentials applied to every request below the component.
    public var authentication: Authentication?

    /// Creates properties.
    public init(
        headers: HTTPHeaders = [:],
        queryItems: [URLQueryItem] = [],
        pathComponents: [String] = [],
        authentication: Authentication? = nil
    ) {
        self.headers = headers
        self.queryItems = queryItems
        self.pathComponents = pathComponents
        self.authentication = authentication
    }

    /// Creates properties from headers written with the headers builder.
    public init(@HeadersBuilder headers: () -> HTTPHeaders) {
        self.init(headers: headers())
    }

    /// No shared properties.
    public static let empty = RequestProperties()

    /// These properties with `child`'s layered on top: headers with the same name are replaced, lists are appended, credentials overridden.
    public func merging(_ child: RequestProperties) -> RequestProperties {
        RequestProperties(
            headers: headers.merging(child.headers),
            queryItems: queryItems + child.queryItems,
            pathComponents: pathComponents + child.pathComponents,
            authentication: child.authentication ?? authentication
        )
    }
}
