/// Which HTTP implementation sends a request.
public enum TransportKind: String, Sendable, Hashable, CaseIterable {
    /// Foundation's `URLSession` (on Linux, FoundationNetworking over libcurl).
    case urlSession
    /// AsyncHTTPClient over SwiftNIO: TLS options, exact timeouts, HTTP/2 and streamed bodies on Linux.
    case asyncHTTPClient
    /// SwiftNIO directly, with apiexplorer's own connection pool: all AsyncHTTPClient gives, plus DNS, TCP and TLS
    /// timed apart, at less cost a request.
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
