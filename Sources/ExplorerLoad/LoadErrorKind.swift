import ExplorerCore

/// Why a request of a load test got no usable answer, as the summary counts them.
public enum LoadErrorKind: String, Sendable, CaseIterable, Comparable {
    /// The connection was refused.
    case refused
    /// No answer in time.
    case timeout
    /// The connection was reset or closed before the answer.
    case reset
    /// The TLS handshake failed.
    case tls
    /// The host name did not resolve.
    case dns
    /// A 5xx status that a check of the request failed on.
    case status
    /// Anything else (a response that did not parse, a body over the limit, a request that did not resolve).
    case other

    /// The kind of a transport failure.
    public init(_ failure: TransportFailure?) {
        switch failure {
        case .connectionRefused?: self = .refused
        case .timedOut?: self = .timeout
        case .connectionLost?: self = .reset
        case .tls?: self = .tls
        case .hostNotFound?: self = .dns
        default: self = .other
        }
    }

    /// In the order the summary lists them.
    public static func < (lhs: LoadErrorKind, rhs: LoadErrorKind) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
