@testable import ExplorerCore
@testable import ExplorerFormats
import Foundation
import Testing

@Suite("Exporting a request as curl, Swift and .http")
struct ExportTests {
    @Test func shellQuotingLeavesSafeWordsAndQuotesTheRest() {
        #expect(ShellQuote.quote("https://h.example/a-b_c.d?x=1") == "'https://h.example/a-b_c.d?x=1'")
        #expect(ShellQuote.quote("-L") == "-L")
        #expect(ShellQuote.quote("") == "''")
        #expect(ShellQuote.quote("it's") == "'it'\\''s'")
        #expect(ShellQuote.quote("$HOME `x` \"y\" \\ !") == "'$HOME `x` \"y\" \\ !'")
    }

    @Test func swiftLiteralsEscapeAndNameThings() {
        #expect(SwiftLiteral.string("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u{1}\"")
        #expect(SwiftLiteral.string("\\(x)") == "\"\\\\(x)\"")
        #expect(SwiftLiteral.text("a\n\"\"\" \\", indent: "  ") == "\"\"\"\n  a\n  \\\"\"\" \\\\\n  \"\"\"")
        #expect(SwiftLiteral.identifier("get-user", fallback: "r") == "getUser")
        #expect(SwiftLiteral.identifier("2fa code", fallback: "request") == "request2faCode")
        #expect(SwiftLiteral.identifier("default", fallback: "r") == "`default`")
        #expect(SwiftLiteral.typeName("my shop", fallback: "X") == "MyShop")
        #expect(SwiftLiteral.identifier("ÄÖ", fallback: "request") == "request")
    }

    @Test func curlForAJSONPostWithQueryHeadersAndBearer() throws {
        let fixture = try ExportFixture()
        let text = RequestExporter(showSecrets: true).export(try fixture.resolved("create-order"), as: .curl)
        #expect(text == """
            curl 'http://127.0.0.1:8787/v2/orders?notify=true&note=it%27s%20ABC-1%20%26%20more' \\
              -H 'Accept: application/json' \\
              -H 'X-Team: orders' \\
              -H 'X-Request: one two' \\
              -H 'Authorization: Bearer sekrit-token' \\
              -H 'Content-Type: application/json' \\
              --data-raw '{"sku": "ABC-1", "quantity": 1}' \\
              -L

            """)
    }

    @Test func curlMasksSecretsByDefault() throws {
        let fixture = try ExportFixture()
        let exporter = RequestExporter()
        let bearer = exporter.export(try fixture.resolved("create-order"), as: .curl)
        #expect(bearer.contains("-H 'Authorization: Bearer ••••••'") && !bearer.contains("sekrit"))
        let basic = exporter.export(try fixture.resolved("login"), as: .curl)
        #expect(basic.contains("-u 'ada:••••••'") && !basic.contains("secret"))
        // In the query the secret is percent-encoded, and still masked.
        let query = exporter.export(try fixture.resolved("search"), as: .curl)
        #expect(query.contains("api%20key=••••••%20%2Bx") && !query.contains("sekrit"))
        let form = exporter.export(try fixture.resolved("signup"), as: .curl)
        #expect(form.contains("--data-urlencode 'password=••••••'") && !form.contains("secret"))
    }

    @Test func curlForMethodsCredentialsAndAwkwardValues() throws {
        let fixture = try ExportFixture()
        let exporter = RequestExporter(showSecrets: true)
        #expect(exporter.export(try fixture.resolved("get-order"), as: .curl) == """
            curl http://127.0.0.1:8787/v2/orders/7 \\
              -H 'Accept: application/json' \\
              -H 'X-Team: orders' \\
              -H 'X-Empty;' \\
              -L

            """)
        #expect(exporter.export(try fixture.resolved("login"), as: .curl) == """
            curl -X PUT http://127.0.0.1:8787/v2/login \\
              -H 'Accept: application/json' \\
              -H 'X-Team: orders' \\
              -H 'Content-Type: text/plain' \\
              -u 'ada:it'\\''s a secret' \\
              --data-raw 'line one
            line '\\''two'\\'' \\ "three"' \\
              -L

            """)
        #expect(exporter.export(try fixture.resolved("search"), as: .curl) == """
            curl 'http://127.0.0.1:8787/v2/search?api%20key=sekrit-token%20%2Bx' \\
              -H 'Accept: application/json' \\
              -H 'X-Team: orders'

            """)
    }

    @Test func curlForFormMultipartAndFileBodies() throws {
        let fixture = try ExportFixture()
        let exporter = RequestExporter(showSecrets: true)
        #expect(exporter.export(try fixture.resolved("signup"), as: .curl) == """
            curl http://127.0.0.1:8787/v2/signup \\
              -H 'Accept: application/json' \\
              -H 'X-Team: orders' \\
              --data-urlencode 'user+name=Ada Lovelace' \\
              --data-urlencode 'password=it'\\''s a secret' \\
              -L

            """)
        #expect(exporter.export(try fixture.resolved("upload"), as: .curl) == """
            curl http://127.0.0.1:8787/v2/upload \\
              -H 'Accept: application/json' \\
              -H 'X-Team: orders' \\
              --form-string 'note=@not-a-file;type=x' \\
              -F 'invoice=@\(fixture.invoicePath);type=text/plain' \\
              -L

            """)
        #expect(exporter.export(try fixture.resolved("raw"), as: .curl) == """
            curl -X PATCH http://127.0.0.1:8787/v2/raw \\
              -H 'Accept: application/json' \\
              -H 'X-Team: orders' \\
              -H 'Content-Type: application/octet-stream' \\
              --data-binary @\(fixture.invoicePath) \\
              -L

            """)
    }

    @Test func curlQuotesFileNamesCurlWouldSplit() {
        #expect(CurlExporter.formFileName("/tmp/a;b,\"c\".txt") == "\"/tmp/a;b,\\\"c\\\".txt\"")
        #expect(CurlExporter.formFileName("/tmp/plain.txt") == "/tmp/plain.txt")
    }

    @Test func httpFileEntries() throws {
        let fixture = try ExportFixture()
        let exporter = RequestExporter()
        #expect(exporter.export(try fixture.resolved("create-order"), as: .http) == """
            ### Shop/orders/create-order
            # environment: local
            POST http://127.0.0.1:8787/v2/orders?notify=true&note=it%27s%20ABC-1%20%26%20more HTTP/1.1
            Accept: application/json
            X-Team: orders
            X-Request: one two
            Authorization: Bearer ••••••
            Content-Type: application/json

            {"sku": "ABC-1", "quantity": 1}

            """)
        #expect(exporter.export(try fixture.resolved("login"), as: .http) == """
            ### Shop/orders/login
            # environment: local
            PUT http://127.0.0.1:8787/v2/login HTTP/1.1
            Accept: application/json
            X-Team: orders
            Authorization: Basic ada ••••••
            Content-Type: text/plain

            line one
            line 'two' \\ "three"

            """)
        #expect(RequestExporter(showSecrets: true).export(try fixture.resolved("signup"), as: .http) == """
            ### Shop/orders/signup
            # environment: local
            POST http://127.0.0.1:8787/v2/signup HTTP/1.1
            Accept: application/json
            X-Team: orders
            Content-Type: application/x-www-form-urlencoded

            user+name=Ada+Lovelace&password=it%27s+a+secret

            """)
        #expect(exporter.export(try fixture.resolved("upload"), as: .http) == """
            ### Shop/orders/upload
            # environment: local
            POST http://127.0.0.1:8787/v2/upload HTTP/1.1
            Accept: application/json
            X-Team: orders
            Content-Type: multipart/form-data; boundary=apiexplorer-form-boundary

            --apiexplorer-form-boundary
            Content-Disposition: form-data; name="note"

            @not-a-file;type=x
            --apiexplorer-form-boundary
            Content-Disposition: form-data; name="invoice"; filename="invoice.txt"
            Content-Type: text/plain

            < \(fixture.invoicePath)
            --apiexplorer-form-boundary--

            """)
        #expect(exporter.export(try fixture.resolved("raw"), as: .http).hasSuffix("Content-Type: application/octet-stream\n\n< \(fixture.invoicePath)\n"))
    }

    /// Exported Basic credentials (`Authorization: Basic user password`) come back as Basic credentials, not as a header
    /// sent as written (which the server refused with 401).
    @Test func anExportedHTTPFileImportsBackWithItsBasicCredentials() throws {
        let fixture = try ExportFixture()
        let text = RequestExporter(showSecrets: true).export(try fixture.resolved("login"), as: .http)
        let imported = try HTTPFileImporter.importFile(text, source: "login.http")
        let request = try #require(imported.collection.root.requests.first)
        guard case let .basic(username, password) = request.auth else { Issue.record("auth is \(request.auth)"); return }
        #expect(username == "ada" && password == "it's a secret")
        #expect(!request.headers.contains { $0.name == "Authorization" })
        // A user name with a space goes encoded (`Basic ada lovelace pw` would read back as user `ada`).
        var spaced = try fixture.resolved("login")
        spaced.request.authentication = .basic(username: "ada lovelace", password: "pw")
        let spacedText = RequestExporter(showSecrets: true).export(spaced, as: .http)
        #expect(spacedText.contains("Authorization: Basic " + Data("ada lovelace:pw".utf8).base64EncodedString()))
        let back = try HTTPFileImporter.importFile(spacedText, source: "s.http").collection.root.requests.first
        #expect(back?.headers.contains { $0.name == "Authorization" } == true, "an encoded value stays a header, which sends as is")
        // Any other Authorization header stays a header.
        let bearer = try HTTPFileImporter.importFile("GET https://x.test/\nAuthorization: Bearer abc\n", source: "b.http")
        #expect(bearer.collection.root.requests.first?.headers.map(\.value) == ["Bearer abc"])
    }

    @Test func swiftSourceForAJSONPost() throws {
        let fixture = try ExportFixture()
        let text = RequestExporter().export(try fixture.resolved("create-order"), as: .swift)
        #expect(text == """
            // Shop/orders/create-order (environment local), exported by apiexplorer.
            import ExplorerCore
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            /// The API: its base URL and the headers every request shares.
            enum ShopAPI: Service {
                // apiexplorer checked this URL when it exported it.
                static let baseURL = URL(string: "http://127.0.0.1:8787")!
                static var sharedProperties: Request.Properties {
                    Request.Properties {
                        Header("Accept", "application/json")
                        Header("X-Team", "orders")
                    }
                }

                /// POST /v2/orders
                static func createOrder() throws -> Request {
                    return Request(
                        .post,
                        parent: ShopAPI.self,
                        pathComponents: ["v2", "orders"],
                        queryItems: [URLQueryItem(name: "notify", value: "true"), URLQueryItem(name: "note", value: "it's ABC-1 & more")],
                        headers: [Header("X-Request", "one two")],
                        body: .rawJSON("{\\"sku\\": \\"ABC-1\\", \\"quantity\\": 1}")
                    )
                    .withAuthentication(.bearer(token: "••••••"))
                }
            }

            /// Sends the request and prints the status and the body.
            func sendCreateOrder() async throws {
                let response = try await ShopAPI.createOrder().send()
                print(response.statusCode, response.reasonPhrase)
                print(response.text)
            }

            """)
    }
}
