import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request failed; every case carries the request that was sent.
public enum RequestError: Error, Sendable, LocalizedError, CustomStringConvertible {
    /// The URL is not a valid http(s) URL.
    case invalidURL(request: Request, url: String)
    /// The body could not be encoded.
    case encoding(request: Request, message: String)
    /// The transport failed: refused, timed out, host not found, TLS, cancelled, …
    case urlError(request: Request, error: URLError)
    /// The status was not accepted (see `Request.Configuration.parseHTTPStatusErrors`).
    case httpStatus(request: Request, error: HTTPError)
    /// The body could not be decoded into the expected model.
    case decoding(request: Request, message: String, response: Request.Response)
    /// A validator rejected the response.
    case validation(request: Request, validator: String, message: String, response: Request.Response)
    /// The overall deadline passed before a response was accepted.
    case deadlineExceeded(request: Request, deadline: TimeInterval, attempts: Int)
    /// Anything else.
    case other(request: Request, message: String)

    /// The request that failed.
    public var request: Request {
        switch self {
        case let .invalidURL(request, _), let .encoding(request, _), let .urlError(request, _),
             let .httpStatus(request, _), let .decoding(request, _, _), let .validation(request, _, _, _),
             let .deadlineExceeded(request, _, _), let .other(request, _):
            return request
        }
    }

    /// The response, when the failure happened after one arrived.
    public var response: Request.Response? {
        switch self {
        case let .httpStatus(_, error): return error.response
        case let .decoding(_, _, response), let .validation(_, _, _, response): return response
        default: return nil
        }
    }

    /// The kind of transport failure, for `urlError`.
    public var transportFailure: TransportFailure? {
        if case let .urlError(_, error) = self { return TransportFailure(error) }
        return nil
    }

    /// True when the request was cancelled by its caller.
    public var isCancelled: Bool { transportFailure == .cancelled }

    /// A sentence a person can read: what failed, on which request, and what to try.
    public var errorDescription: String? { description }

    /// The same sentence as `errorDescription`.
    public var localizedDescription: String { description }

    /// What failed, on which request, and what to try.
    public var description: String {
        let target = request.description
        switch self {
        case let .invalidURL(_, url):
            return "Invalid URL '\(url)': it must be an absolute http:// or https:// URL with a host."
        case let .encoding(_, message):
            return "Could not encode the body of \(target): \(message)"
        case let .urlError(_, error):
            let kind = TransportFailure(error)
            let detail = error.transportDetail.map { " (\(TerminalSafeText.sanitize($0)))" } ?? ""
            return "\(RequestError.phrase(for: kind, error: error))\(detail) — \(target). \(error.transportAdvice ?? kind.suggestion)"
        case let .httpStatus(_, error):
            return "The server answered \(error.description) to \(target)."
        case let .decoding(_, message, response):
            return "Could not decode the \(response.byteCount)-byte response of \(target): \(message)"
        case let .validation(_, validator, message, _):
            return "The response of \(target) failed the \(validator) check: \(message)"
        case let .deadlineExceeded(_, deadline, attempts):
            let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
            return "No accepted response to \(target) within the \(RequestError.seconds(deadline)) deadline (\(tries))."
        case let .other(_, message):
            return "\(message) — \(target)"
        }
    }

    private static func phrase(for kind: TransportFailure, error: URLError) -> String {
        switch kind {
        case .connectionRefused: return "Connection refused"
        case .timedOut: return "Timed out"
        case .hostNotFound: return "Host not found"
        case .connectionLost: return "Connection lost"
        case .tls: return "TLS failure"
        case .cancelled: return "Cancelled"
        case .tooManyRedirects: return "Too many redirects"
        case .badResponse: return "Unreadable response"
        case .tooLarge: return "Response too large"
        case .other: return error.transportDetail == nil ? "Network error (\(error.code.rawValue))" : "Network error"
        }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value < 1 ? "\(Int((value * 1000).rounded())) ms" : String(format: "%.1f s", value)
    }
}
