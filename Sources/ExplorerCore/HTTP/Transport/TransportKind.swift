/// Which HTTP implementation sends a request.
public enum TransportKind: String, Sendable, Hashable, CaseIterable {
    /// Foundation's `URLSession` (on Linux, FoundationNetworking over libcurl).
    case urlSession
    /// AsyncHTTPClient over SwiftNIO: TLS options, exact timeouts, HTTP/2 and streamed bodies on Linux.
    case asyncHTTPClient

    /// What async and publisher sends use when nothing else is chosen: AsyncHTTPClient on Linux, URLSession elsewhere.
    public static var platformDefault: TransportKind {
        #if canImport(FoundationNetworking)
        return .asyncHTTPClient
        #else
        return .urlSession
        #endif
    }
}
