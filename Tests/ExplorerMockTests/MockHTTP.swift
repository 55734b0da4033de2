import Testing
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain HTTP client for the tests: one request to the mock over a fresh session, its status, headers and body.
enum MockHTTP {
    /// The answer to one request.
    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: String
        let seconds: Double
    }

    static func get(_ url: String, method: String = "GET", headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let started = Date()
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return Reply(status: http.statusCode, headers: fields, body: String(decoding: data, as: UTF8.self), seconds: Date().timeIntervalSince(started))
    }
}
