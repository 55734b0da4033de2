import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Errors carry the request and read well")
struct ErrorTests {
    struct ServerError: Decodable, Sendable { let status: Int }
    struct User: Decodable, Sendable { let id: Int; let name: String }

    func failure(_ request: Request) async -> RequestError? {
        do {
            _ = try await request.send()
            return nil
        } catch {
            return error
        }
    }

    @Test func invalidURL() async throws {
        let error = try #require(await failure(Request(.get, urlString: "::nope")))
        guard case let .invalidURL(request, url) = error else { Issue.record("got \(error)"); return }
        #expect(url == "::nope" && request.baseURLString == "::nope")
        #expect(error.localizedDescription == "Invalid URL '::nope': it must be an absolute http:// or https:// URL with a host.")
    }

    @Test func connectionRefused() async throws {
        let url = ClosedPort.url()
        let error = try #require(await failure(Request(.get, url: url.appendingPathComponent("x"))))
        #expect(error.transportFailure == .connectionRefused)
        #expect(error.request.url?.path == "/x")
        #expect(error.localizedDescription == "Connection refused — GET \(url.absoluteString)/x. Is the server running, and is the port right?")
    }

    @Test func timeout() async throws {
        let server = try await TestServer.shared()
        let request = Request(.get, url: server.url("/delay/3")).configured { $0.timeoutInterval = 0.3 }
        let error = try #require(await failure(request))
        #expect(error.transportFailure == .timedOut)
        #expect(error.localizedDescription.hasPrefix("Timed out — GET"))
    }

    @Test func statusCodesAreNotErrorsUnlessAskedFor() async throws {
        let server = try await TestServer.shared()
        #expect(try await Request(.get, url: server.url("/status/500")).send().statusCode == 500)
        let strict = Request.Configuration(parseHTTPStatusErrors: true)
        let cases: [(Int, HTTPError.Kind)] = [(400, .badRequest), (401, .unauthorized), (403, .forbidden), (404, .notFound),
                                              (429, .tooManyRequests), (500, .server), (503, .server), (418, .other)]
        for (code, kind) in cases {
            let request = Request(.get, url: server.url("/status/\(code)"), configuration: strict)
            let error = try #require(await failure(request))
            guard case let .httpStatus(failed, httpError) = error else { Issue.record("\(code): got \(error)"); continue }
            #expect(httpError.kind == kind)
            #expect(failed.url?.path == "/status/\(code)")
            #expect(try httpError.decodeBody(as: ServerError.self).status == code)
            #expect(error.response?.statusCode == code)
        }
        #expect(try await Request(.get, url: server.url("/status/302"), configuration: strict).configured { $0.followRedirects = false }.send().statusCode == 302)
        let error = try #require(await failure(Request(.get, url: server.url("/status/404"), configuration: strict)))
        #expect(error.localizedDescription == "The server answered 404 Not Found to GET \(server.baseURL.absoluteString)/status/404.")
    }

    @Test func acceptedStatusRangeAndValidators() async throws {
        let server = try await TestServer.shared()
        let onlyOK = Request(.get, url: server.url("/status/201")).configured { $0.acceptedStatusCodes = 200...200 }
        guard case .httpStatus = try #require(await failure(onlyOK)) else { Issue.record("expected httpStatus"); return }
        let needsXML = Request(.get, url: server.url("/echo")).validating(.contentType("application/xml"))
        let error = try #require(await failure(needsXML))
        guard case let .validation(_, validator, message, response) = error else { Issue.record("got \(error)"); return }
        #expect(validator == "content type" && response.statusCode == 200)
        #expect(message.hasPrefix("expected Content-Type application/xml, got application/json"))
        #expect(try await Request(.get, url: server.url("/xml")).validating(.contentType("application/xml")).send().statusCode == 200)
        let empty = Request(.get, url: server.url("/status/204")).validating(.nonEmptyBody)
        guard case .validation = try #require(await failure(empty)) else { Issue.record("expected validation"); return }
    }

    @Test func decodingFailuresKeepTheBody() async throws {
        let server = try await TestServer.shared()
        do {
            let _: User = try await Request(.get, url: server.url("/echo")).send()
            Issue.record("decoding should fail")
        } catch {
            guard case let .decoding(_, message, response) = error else { Issue.record("got \(error)"); return }
            #expect(message.hasPrefix("missing key 'id'"))
            #expect(!response.data.isEmpty)
            #expect(error.localizedDescription.hasPrefix("Could not decode the"))
        }
    }

    @Test func emptyBodiesDecodeToEmptyModels() async throws {
        let server = try await TestServer.shared()
        let optional: User? = try await Request(.get, url: server.url("/status/204")).send()
        #expect(optional == nil)
        let empty: EmptyResponse = try await Request(.delete, url: server.url("/status/204")).send()
        #expect(empty == EmptyResponse())
    }

    @Test func customDecoderIsUsed() async throws {
        struct Echo: Decodable, Sendable { let bodyLength: Int; let method: String }
        struct Snake: Decodable, Sendable { let bodyLength: Int }
        let server = try await TestServer.shared()
        let decoder = JSONDecoder()
        let echo: Echo = try await Request(.post, url: server.url("/echo"), body: .text("abc")).send(decoder: decoder)
        #expect(echo.bodyLength == 3)
    }
}
