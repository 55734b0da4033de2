@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

/// One pasted command and the request it must become.
struct CurlCase: Sendable, CustomTestStringConvertible {
    var command: String
    var method = "GET"
    var url: String
    var query: [KeyValue] = []
    var headers: [KeyValue] = []
    var body: BodySpec = .none
    var auth: AuthSpec = .inherit
    var timeout: Double?
    var report: [String] = []
    var verifyTLS: Bool?

    var testDescription: String { String(command.prefix(60)) }
}

@Suite("Importing curl commands")
struct CurlImportTests {
    static let cases: [CurlCase] = [
        CurlCase(command: "curl https://api.example.com/users", url: "https://api.example.com/users"),
        CurlCase(command: """
            curl 'https://api.example.com/v1/users?page=2&sort=name' \\
              -H 'accept: application/json' \\
              -H 'authorization: Bearer abc123' \\
              --compressed
            """, url: "https://api.example.com/v1/users", query: [KeyValue("page", "2"), KeyValue("sort", "name")],
                 headers: [KeyValue("accept", "application/json"), KeyValue("authorization", "Bearer abc123")]),
        CurlCase(command: #"curl -X POST https://api.example.com/users -H 'Content-Type: application/json' -d '{"name":"Ada"}'"#,
                 method: "POST", url: "https://api.example.com/users", headers: [KeyValue("Content-Type", "application/json")],
                 body: .json(#"{"name":"Ada"}"#)),
        CurlCase(command: #"curl 'https://x.test/notes' -H 'content-type: application/json' --data-raw $'{"a":"it\'s","b":"tab\there"}'"#,
                 method: "POST", url: "https://x.test/notes", headers: [KeyValue("content-type", "application/json")],
                 body: .json("{\"a\":\"it's\",\"b\":\"tab\there\"}")),
        CurlCase(command: "curl https://x.test/login -d 'user=ada' -d 'greeting=hello+world'", method: "POST", url: "https://x.test/login",
                 body: .form([KeyValue("user", "ada"), KeyValue("greeting", "hello world")])),
        CurlCase(command: "curl https://x.test/raw -d 'b=two words'", method: "POST", url: "https://x.test/raw",
                 body: .text("b=two words", contentType: "application/x-www-form-urlencoded")),
        CurlCase(command: "curl -G https://x.test/search --data-urlencode 'q=hello world' -d lang=en", url: "https://x.test/search",
                 query: [KeyValue("q", "hello world"), KeyValue("lang", "en")]),
        CurlCase(command: "curl -u ada:s3cr:et https://x.test/me", url: "https://x.test/me", auth: .basic(username: "ada", password: "s3cr:et")),
        CurlCase(command: "curl --user ada https://x.test/me", url: "https://x.test/me", auth: .basic(username: "ada", password: ""),
                 report: ["curl:1: -u 'ada' has no password (curl would ask for one); imported with an empty password"]),
        CurlCase(command: "curl https://x.test/photos -F 'caption=Hi there' -F 'photo=@/tmp/cat.png;type=image/png'", method: "POST",
                 url: "https://x.test/photos", body: .multipart([MultipartField(name: "caption", value: "Hi there"),
                                                                 MultipartField(name: "photo", file: "_files/cat.png", contentType: "image/png")])),
        CurlCase(command: "curl -XPUT -H'X-A: 1' https://x.test/a", method: "PUT", url: "https://x.test/a", headers: [KeyValue("X-A", "1")]),
        CurlCase(command: "curl -sSL https://x.test/redirect", url: "https://x.test/redirect"),
        CurlCase(command: "curl -k https://self-signed.test/", url: "https://self-signed.test/", verifyTLS: false),
        CurlCase(command: "curl --frobnicate https://x.test/ --retry 3", url: "https://x.test/",
                 report: ["curl:1: unknown curl option --frobnicate ignored", "curl:1: --retry ignored: retries are not part of a saved request"]),
        CurlCase(command: "curl -I https://x.test/file.zip", method: "HEAD", url: "https://x.test/file.zip"),
        CurlCase(command: #"curl --json '{"a":1}' https://x.test/j"#, method: "POST", url: "https://x.test/j",
                 headers: [KeyValue("Accept", "application/json")], body: .json(#"{"a":1}"#)),
        CurlCase(command: "curl https://x.test/ -A 'agent/1.0' -e https://ref.test -b 'session=abc; theme=dark'", url: "https://x.test/",
                 headers: [KeyValue("User-Agent", "agent/1.0"), KeyValue("Referer", "https://ref.test"), KeyValue("Cookie", "session=abc; theme=dark")]),
        CurlCase(command: "curl --url https://x.test/slow --max-time 7.5 --oauth2-bearer tok123", url: "https://x.test/slow",
                 auth: .bearer(token: "tok123"), timeout: 7.5),
        CurlCase(command: "curl https://x.test/upload -H 'Content-Type: application/json' -d @payload.json", method: "POST",
                 url: "https://x.test/upload", headers: [KeyValue("Content-Type", "application/json")],
                 body: .file(path: "_files/payload.json", contentType: nil)),
        CurlCase(command: #"curl "https://x.test/q?name=a%20b" -H "X-Quote: say \"hi\" for \$5" -X delete x.test/second"#, method: "DELETE",
                 url: "https://x.test/q", query: [KeyValue("name", "a b")], headers: [KeyValue("X-Quote", "say \"hi\" for $5")],
                 report: ["curl:1: 'x.test/second' ignored: only the first URL is imported"]),
    ]

    @Test(arguments: cases)
    func commandBecomesRequest(_ example: CurlCase) throws {
        let result = try CurlImporter.importCommand(example.command)
        let request = try #require(result.collection.root.requests.first)
        #expect(request.method == example.method)
        #expect(request.url == example.url)
        #expect(request.query == example.query)
        #expect(request.headers == example.headers)
        #expect(request.body == example.body)
        #expect(request.auth == example.auth)
        #expect(request.timeout == example.timeout)
        #expect(request.verifyTLS == example.verifyTLS)
        #expect(result.report.items.map(\.description) == example.report)
    }

    @Test func twentyCommands() {
        #expect(Self.cases.count == 20)
    }

    @Test func fileReferencesBecomeAttachmentsAndTheCollectionIsNamedAfterTheHost() throws {
        let result = try CurlImporter.importCommand("curl -T ./big.bin https://files.example.com/put/here")
        #expect(result.collection.name == "files.example.com")
        #expect(result.collection.slug == "files-example-com")
        let request = try #require(result.collection.root.requests.first)
        #expect(request.name == "PUT /put/here" && request.slug == "put-put-here")
        #expect(request.body == .file(path: "_files/big.bin", contentType: nil))
        #expect(result.attachments == [ImportAttachment(sourcePath: "./big.bin", destination: "_files/big.bin")])
    }

    @Test func attachmentNamesStayInsideTheFilesDirectory() throws {
        let result = try CurlImporter.importCommand("curl https://x.test/u -F a=@.. -F b=@/etc/.hidden")
        #expect(result.attachments.map(\.destination) == ["_files/file--", "_files/file-hidden"])
    }

    @Test func roundTripThroughTheLoader() throws {
        let temp = try TempCollections()
        for example in Self.cases {
            let result = try CurlImporter.importCommand(example.command).renamed("c\(UUID().uuidString.prefix(8))")
            let trip = try ImportFixtures.roundTrip(result, root: temp.root)
            #expect(trip.loaded == trip.written, "\(example.command)")
        }
        #expect(CollectionLoader(environment: [:]).load(directory: temp.root).problems.isEmpty)
    }
}

@Suite("curl URLs the loader would refuse are refused at import")
struct CurlUnloadableURLTests {
    @Test func aURLWithoutAHostIsAnImportError() {
        #expect(throws: ImportError.self) { try CurlImporter.request(from: "curl \u{FFFD}-usEr ada https://x.test/me") }
        // A globbing URL that still parses imports, with a note, and loads.
        #expect((try? CurlImporter.request(from: "curl 'https://x.test/{a,b}'"))?.report.items.isEmpty == false)
        #expect((try? CurlImporter.request(from: "curl https://x.test/{{id}}"))?.request.url == "https://x.test/{{id}}")
    }
}
