import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Sending: completion handler and async/await")
struct SendingTests {
    @Test func completionHandlerReturnsAResumedTaskAndTheResponse() async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let request = Request(.get, url: server.url("/echo/\(key)?a=1"))
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Request.Response, RequestError>, Never>) in
            let task = request.send { continuation.resume(returning: $0) }
            #expect(task.state != .suspended)
        }
        let response = try result.get()
        #expect(response.statusCode == 200)
        #expect(response.urlResponse.statusCode == 200)
        let echo = try JSONDecoder().decode(EchoReply.self, from: response.data)
        #expect(echo.path == "/echo/\(key)" && echo.queryValues("a") == ["1"])
        #expect(response.reasonPhrase == "OK")
        #expect(response.byteCount == response.data.count && response.duration > 0)
        #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(await server.hits("/echo/\(key)") == 1)
    }

    @Test func autoResumeFalseSendsNothingUntilResumed() async throws {
        let server = try await TestServer.shared()
        let key = TestServer.uniqueKey()
        let request = Request(.get, url: server.url("/echo/\(key)"))
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Request.Response, RequestError>, Never>) in
            let task = request.send(autoResumeTask: false) { continuation.resume(returning: $0) }
            #expect(task.state == .suspended)
            Task {
                try await Task.sleep(for: .milliseconds(100))
                #expect(await server.hits("/echo/\(key)") == 0)
                task.resume()
            }
        }
        #expect(try result.get().statusCode == 200)
        #expect(await server.hits("/echo/\(key)") == 1)
    }

    @Test func completionHandlerDecodesIntoAModel() async throws {
        let server = try await TestServer.shared()
        let request = Request(.post, url: server.url("/echo"), body: .text("hello"))
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<EchoReply, RequestError>, Never>) in
            request.send(decoder: JSONDecoder()) { (result: Result<EchoReply, RequestError>) in continuation.resume(returning: result) }
        }
        let echo = try result.get()
        #expect(echo.method == "POST" && echo.body == "hello")
        #expect(echo.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test(arguments: TransportKind.allCases) func asyncSendReturnsTheResponseAndDecodes(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let response = try await Request(.put, url: server.url("/echo"), body: .rawJSON("{\"a\":1}")).over(transport).send()
        #expect(response.statusCode == 200)
        let echo: EchoReply = try await Request(.delete, url: server.url("/echo")).over(transport).send()
        #expect(echo.method == "DELETE")
        let custom: EchoReply = try await Request(.get, url: server.url("/echo")).withMethod("PURGE").over(transport).send()
        #expect(custom.method == "PURGE")
    }

    @Test func eachCallMayOverrideTheSession() async throws {
        let server = try await TestServer.shared()
        let config = URLSessionConfiguration.ephemeral
        config.httpAdditionalHeaders = ["X-From-Session": "custom"]
        let custom = URLSession(configuration: config)
        let echo: EchoReply = try await Request(.get, url: server.url("/echo")).send(session: custom)
        #expect(echo.header("X-From-Session") == "custom")
        let plain: EchoReply = try await Request(.get, url: server.url("/echo")).send()
        #expect(plain.header("X-From-Session") == nil)
    }

    @Test(arguments: TransportKind.allCases) func cancellingTheTaskCancelsTheRequest(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let request = Request(.get, url: server.url("/delay/5"))
        let started = Date()
        let task = Task { try await request.over(transport).send() }
        try await Task.sleep(for: .milliseconds(150))
        task.cancel()
        let result = await task.result
        #expect(Date().timeIntervalSince(started) < 2)
        guard case let .failure(error as RequestError) = result else {
            Issue.record("expected a RequestError, got \(result)")
            return
        }
        #expect(error.isCancelled)
    }

    @Test(arguments: TransportKind.allCases) func largeAndGzipBodiesArrive(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let large = try await Request(.get, url: server.url("/bytes/5000000")).over(transport).send()
        #expect(large.byteCount == 5_000_000)
        let gzip = try await Request(.get, url: server.url("/gzip")).over(transport).send()
        #expect(gzip.headers["Content-Encoding"] == "gzip")
        #expect((try? JSONSerialization.jsonObject(with: gzip.data)) != nil)
    }

    @Test(arguments: TransportKind.allCases) func redirectsAreFollowedAndTheFinalURLIsKept(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let response = try await Request(.get, url: server.url("/redirect/3")).over(transport).send()
        #expect(response.statusCode == 200)
        #expect(response.url?.path == "/redirect/0")
        #expect(response.wasRedirected)
        let stopped = try await Request(.get, url: server.url("/redirect/3")).configured { $0.followRedirects = false }.over(transport).send()
        #expect(stopped.statusCode == 302)
        #expect(stopped.headers["Location"]?.hasSuffix("/redirect/2") == true)
    }

    @Test(arguments: TransportKind.allCases) func credentialsAreDroppedWhenARedirectChangesOrigin(transport: TransportKind) async throws {
        let server = try await TestServer.shared()
        let otherOrigin = "http://localhost:\(server.port)/echo"
        let cross = URLQueryItem(name: "url", value: otherOrigin)
        let crossEcho: EchoReply = try await Request(.get, url: server.url("/redirect-to"), queryItems: [cross])
            .withAuthentication(.bearer(token: "secret")).settingHeader("X-Keep", "1").over(transport).send()
        #expect(crossEcho.header("Authorization") == nil)
        #expect(crossEcho.header("X-Keep") == "1")
        let same = URLQueryItem(name: "url", value: "/echo")
        let sameEcho: EchoReply = try await Request(.get, url: server.url("/redirect-to"), queryItems: [same])
            .withAuthentication(.bearer(token: "secret")).over(transport).send()
        #expect(sameEcho.header("Authorization") == "Bearer secret")
    }
}
