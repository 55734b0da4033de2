/// Which HTTP implementation sends a request.
public enum TransportKind: String, Sendable, Hashable, CaseIterable {
    /// Foundation's `URLSession` (on Linux, FoundationNetworking over libcurl).
    case urlSession
    /// SwiftNIO, with apiexplorer's own connection pool: TLS options, exact timeouts, HTTP/2, proxies, and DNS, TCP
    /// and TLS timed apart (the default on Linux).
    case swiftNIO

    /// What async and publisher sends use when nothing else is chosen: SwiftNIO on Linux, URLSession elsewhere.
    public static var platformDefault: TransportKind {
        #if canImport(FoundationNetworking)
        return .swiftNIO
        #else
        return .urlSession
        #endif
    }
}
