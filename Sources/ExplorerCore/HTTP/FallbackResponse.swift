import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A canned response used when every attempt of a request fails; it goes through the same validation as a real one.
public struct FallbackResponse: Sendable {
    /// The status code to report.
    public var statusCode: Int
    /// Headers to report.
    public var headers: HTTPHeaders
    /// The body.
    public var data: Data

    /// Creates a fallback.
    public init(statusCode: Int = 200, headers: HTTPHeaders = [:], data: Data) {
        self.statusCode = statusCode
        self.headers = headers
        self.data = data
    }

    /// A fallback whose body is a JSON-encoded value.
    public static func json<Value: Encodable>(_ value: Value, statusCode: Int = 200) throws -> FallbackResponse {
        FallbackResponse(statusCode: statusCode, headers: ["Content-Type": "application/json"],
                         data: try JSONEncoder().encode(value))
    }

    /// The Foundation response for a URL.
    func urlResponse(for url: URL) -> HTTPURLResponse? {
        var fields: [String: String] = [:]
        for field in headers { fields[field.name] = field.value }
        return HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: fields)
    }
}
