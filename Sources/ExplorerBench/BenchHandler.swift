import FlyingFox
import Foundation

/// Answers the bench server's two routes from memory, so the server costs as little as possible.
struct BenchHandler: HTTPHandler {
    /// Prepared bodies by size.
    let bodies: [Int: Data]
    private static let small = Data(#"{"ok":true,"id":1,"name":"small"}"#.utf8)

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let json: HTTPHeaders = [HTTPHeader("Content-Type"): "application/json"]
        if request.path == "/small" { return HTTPResponse(statusCode: .ok, headers: json, body: Self.small) }
        if request.path.hasPrefix("/large/"), let size = Int(request.path.dropFirst("/large/".count)), let body = bodies[size] {
            return HTTPResponse(statusCode: .ok, headers: json, body: body)
        }
        return HTTPResponse(statusCode: .notFound)
    }
}
