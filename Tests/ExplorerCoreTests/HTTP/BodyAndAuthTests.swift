import Foundation
import Testing
import TestSupport
@testable import ExplorerCore

@Suite("Bodies and credentials against the echo server")
struct BodyAndAuthTests {
    struct NewUser: Codable, Sendable, Equatable {
        let firstName: String
        let age: Int
    }

    func echo(_ request: Request) async throws -> EchoReply {
        try await request.send()
    }

    @Test func everyBodyKindArrivesWithItsContentType() async throws {
        let url = try await TestServer.shared().url("/echo")
        let raw = try await echo(Request(.post, url: url, body: .data(Data([0xFF, 0x00, 0x01]), contentType: "application/octet-stream")))
        #expect(raw.bodyBase64 && raw.bodyLength == 3 && raw.header("Content-Type") == "application/octet-stream")

        // No type given: bytes are sent as bytes, not as the form FoundationNetworking would otherwise claim.
        let untyped = try await echo(Request(.post, url: url, body: .data(Data([0xFF, 0x00, 0x01]))))
        #expect(untyped.bodyLength == 3 && untyped.header("Content-Type") == "application/octet-stream", "\(untyped.header("Content-Type") ?? "none")")
        let custom = try await echo(Request(.post, url: url, body: RequestBody(kind: .data, contentType: nil) { Data("x".utf8) }))
        #expect(custom.header("Content-Type") == "application/octet-stream")

        #expect(untyped.header("User-Agent") == "apiexplorer/\(ExplorerCoreInfo.version)")

        let text = try await echo(Request(.post, url: url, body: .text("héllo")))
        #expect(text.body == "héllo" && text.header("Content-Type") == "text/plain; charset=utf-8")

        let snake: @Sendable () -> JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = .sortedKeys
            return encoder
        }
        let json = try await echo(Request(.post, url: url, body: .json(NewUser(firstName: "Ada", age: 36), encoder: snake)))
        #expect(json.body == "{\"age\":36,\"first_name\":\"Ada\"}" && json.header("Content-Type") == "application/json")

        let dictionary = try await echo(Request(.post, url: url, body: .jsonObject(["b": 1, "a": [true, "x"]])))
        #expect(dictionary.body == "{\"a\":[true,\"x\"],\"b\":1}")

        let form = try await echo(Request(.post, url: url, body: .form(["q": "a b+c", "n": "1"])))
        #expect(form.body == "q=a+b%2Bc&n=1" && form.header("Content-Type") == "application/x-www-form-urlencoded")

        var multipart = MultipartFormData(boundary: "XYZ")
        multipart.add(name: "note", value: "hi")
        multipart.add(name: "upload", filename: "data.json", contentType: "application/json", data: Data("{}".utf8))
        let parts = try await echo(Request(.post, url: url, body: .multipart(multipart)))
        #expect(parts.header("Content-Type") == "multipart/form-data; boundary=XYZ")
        #expect(parts.body.contains("name=\"upload\"; filename=\"data.json\"\r\nContent-Type: application/json\r\n\r\n{}"))

        let userType = try await echo(Request(.post, url: url, headers: ["Content-Type": "text/csv"], body: .text("a,b")))
        #expect(userType.header("Content-Type") == "text/csv")
    }

    @Test func anUnencodableBodyFailsWithAnEncodingError() async throws {
        struct Broken: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "no"))
            }
        }
        let url = try await TestServer.shared().url("/echo")
        do {
            _ = try await Request(.post, url: url, body: .json(Broken())).send()
            Issue.record("an unencodable body must fail")
        } catch {
            guard case .encoding = error else { Issue.record("expected .encoding, got \(error.description)"); return }
            #expect(error.description.hasPrefix("Could not encode the body of POST"))
        }
        do {
            _ = try await Request(.post, url: url, body: .jsonObject(["date": Date()])).send()
            Issue.record("a Date is not a JSON object")
        } catch {
            guard case .encoding = error else { Issue.record("expected .encoding, got \(error.description)"); return }
        }
    }

    @Test func basicBearerAndAPIKeyCredentialsReachTheServer() async throws {
        let server = try await TestServer.shared()
        let basic = try await Request(.get, url: server.url("/basic-auth/ada/s3cret"))
            .withAuthentication(.basic(username: "ada", password: "s3cret")).send()
        #expect(basic.statusCode == 200)
        let wrong = try await Request(.get, url: server.url("/basic-auth/ada/s3cret"))
            .withAuthentication(.basic(username: "ada", password: "nope")).send()
        #expect(wrong.statusCode == 401)
        let bearer = try await Request(.get, url: server.url("/bearer")).withAuthentication(.bearer(token: "demo-token")).send()
        #expect(bearer.statusCode == 200)
        #expect(try await Request(.get, url: server.url("/bearer")).send().statusCode == 401)
        let key = try await echo(Request(.get, url: server.url("/echo")).withAuthentication(.apiKey(name: "X-API-Key", value: "k1", in: .header)))
        #expect(key.header("X-API-Key") == "k1")
        let query = try await echo(Request(.get, url: server.url("/echo")).withAuthentication(.apiKey(name: "key", value: "k 2", in: .query)))
        #expect(query.queryValues("key") == ["k 2"])
    }

    @Test func queryItemsRoundTripThroughTheServer() async throws {
        let url = try await TestServer.shared().url("/echo")
        let reply = try await echo(Request(.get, url: url).addingQuery("q", "a+b c").addingQuery("t", ["x", "y"]).addingQuery("u", "✓"))
        #expect(reply.query == [.init(name: "q", value: "a+b c"), .init(name: "t", value: "x"), .init(name: "t", value: "y"), .init(name: "u", value: "✓")])
    }
}
