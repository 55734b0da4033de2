import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A named check on a response; throwing (any error) fails the request with `RequestError.validation`.
public struct ResponseValidator: Sendable {
    /// A short name shown in the error when the check fails.
    public let name: String
    private let check: @Sendable (Request.Response) throws -> Void

    /// Creates a validator from a throwing check.
    public init(_ name: String, _ check: @escaping @Sendable (Request.Response) throws -> Void) {
        self.name = name
        self.check = check
    }

    /// Runs the check.
    public func validate(_ response: Request.Response) throws { try check(response) }

    /// Fails unless the response's `Content-Type` starts with one of the given types (`application/json`, ...).
    public static func contentType(_ accepted: String...) -> ResponseValidator {
        ResponseValidator("content type") { response in
            let type = response.headers["Content-Type"]?.lowercased() ?? ""
            guard accepted.contains(where: { type.hasPrefix($0.lowercased()) }) else {
                throw ValidationFailure("expected Content-Type \(accepted.joined(separator: " or ")), got \(type.isEmpty ? "none" : type)")
            }
        }
    }

    /// Fails when the body is empty.
    public static let nonEmptyBody = ResponseValidator("non-empty body") { response in
        if response.data.isEmpty { throw ValidationFailure("the response body is empty") }
    }
}
