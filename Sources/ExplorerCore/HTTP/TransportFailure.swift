import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What kind of transport failure a `URLError` is, in the terms a person trying to reach a server thinks in.
public enum TransportFailure: String, Sendable, Hashable {
    /// Nothing listens on that host and port.
    case connectionRefused
    /// The server did not answer in time.
    case timedOut
    /// The host name could not be resolved.
    case hostNotFound
    /// The connection dropped before the response was complete.
    case connectionLost
    /// The TLS handshake or certificate check failed.
    case tls
    /// The request was cancelled.
    case cancelled
    /// Too many redirects, or a redirect loop.
    case tooManyRedirects
    /// The server's response could not be read (bad length, bad encoding, bad headers).
    case badResponse
    /// The response exceeded a size limit.
    case tooLarge
    /// Any other transport error.
    case other

    /// Classifies a URL error.
    public init(_ error: URLError) {
        switch error.code {
        case .cannotConnectToHost: self = .connectionRefused
        case .timedOut: self = .timedOut
        case .cannotFindHost, .dnsLookupFailed: self = .hostNotFound
        case .networkConnectionLost, .notConnectedToInternet: self = .connectionLost
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired:
            self = .tls
        case .cancelled: self = .cancelled
        case .httpTooManyRedirects, .redirectToNonExistentLocation: self = .tooManyRedirects
        case .badServerResponse, .cannotDecodeRawData, .cannotDecodeContentData, .cannotParseResponse,
             .zeroByteResource:
            self = .badResponse
        case .dataLengthExceedsMaximum: self = .tooLarge
        default: self = .other
        }
    }

    /// A short sentence on what to try, shown after the error.
    public var suggestion: String {
        switch self {
        case .connectionRefused: return "Is the server running, and is the port right?"
        case .timedOut: return "The server may be slow or unreachable; try again or raise the timeout."
        case .hostNotFound: return "Check the host name, or whether you are online."
        case .connectionLost: return "The connection dropped; try again."
        case .tls:
            return "Check the server's certificate and this environment's TLS settings (caCertificates, clientCertificate, clientKey)."
        case .cancelled: return "The request was cancelled."
        case .tooManyRedirects: return "The server redirects in a loop."
        case .badResponse: return "The server sent a response that could not be read."
        case .tooLarge: return "The response is larger than the configured limit."
        case .other: return "Check the URL and the network."
        }
    }
}
