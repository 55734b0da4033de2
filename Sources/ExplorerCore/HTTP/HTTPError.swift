import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response whose status the configuration does not accept, with the response and body kept for the caller.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// The class of the status.
    public enum Kind: String, Sendable, Hashable {
        /// 400.
        case badRequest
        /// 401.
        case unauthorized
        /// 403.
        case forbidden
        /// 404.
        case notFound
        /// 429.
        case tooManyRequests
        /// 5xx.
        case server
        /// Any other status that was not accepted.
        case other
    }

    /// The class of the status.
    public let kind: Kind
    /// The response that failed, body included, so the server's error payload can be decoded.
    public let response: Request.Response

    /// Wraps a response.
    public init(response: Request.Response) {
        self.response = response
        self.kind = HTTPError.kind(for: response.statusCode)
    }

    /// The status code.
    public var statusCode: Int { response.statusCode }
    /// The body bytes.
    public var data: Data { response.data }

    /// Decodes the server's error payload.
    public func decodeBody<Payload: Decodable>(as type: Payload.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Payload {
        try decoder.decode(type, from: response.data)
    }

    /// The class of a status code.
    public static func kind(for statusCode: Int) -> Kind {
        switch statusCode {
        case 400: return .badRequest
        case 401: return .unauthorized
        case 403: return .forbidden
        case 404: return .notFound
        case 429: return .tooManyRequests
        case 500..<600: return .server
        default: return .other
        }
    }

    /// `404 Not Found`.
    public var description: String { "\(statusCode) \(response.reasonPhrase)" }
}

extension RequestError {
    /// The status error type, named as in Relax.
    public typealias HTTPError = ExplorerCore.HTTPError
}
