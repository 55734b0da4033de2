@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Importing HAR files")
struct HARImportTests {
    func devtools(keepCookies: Bool = false) throws -> ImportResult {
        try HARImporter.importArchive(try ImportFixtures.data("devtools.har"), source: "devtools.har", keepCookies: keepCookies)
    }

    /// The request `name` in the folder of `host` (names hold slashes, so they are not split).
    func request(_ result: ImportResult, _ path: String) -> RequestSpec? {
        guard let slash = path.firstIndex(of: "/") else { return nil }
        return result.collection.locate([String(path[..<slash]), String(path[path.index(after: slash)...])])?.request
    }

    @Test func entriesAreGroupedByHostWithDuplicatesCollapsed() throws {
        let result = try devtools()
        let root = result.collection.root
        #expect(root.name == "devtools")
        #expect(root.requests.isEmpty)
        #expect(root.folders.map(\.name) == ["api.shop.test", "127.0.0.1:8080", "cdn.shop.test:8443"])
        #expect(root.folders[0].requests.map(\.name) == ["GET /v1/users", "POST /v1/users"])
        #expect(root.folders[1].requests.map(\.name) == ["POST /login", "POST /upload"])
        #expect(root.folders[2].requests.map(\.name) == ["PUT /notes/1"])
        #expect(result.collection.environments.isEmpty)
    }

    @Test func theBrowsersOwnHeadersAndCookiesAreLeftOut() throws {
        let list = try #require(request(try devtools(), "api.shop.test/GET /v1/users"))
        #expect(list.url == "https://api.shop.test/v1/users")
        #expect(list.query == [KeyValue("page", "2"), KeyValue("sort", "name")])
        #expect(list.headers == [KeyValue("accept", "application/json"), KeyValue("authorization", "Bearer eyJhbGciOi.page-token"),
                                 KeyValue("x-request-id", "r-1")])
        #expect(request(try devtools(), "127.0.0.1:8080/POST /login")?.headers == [KeyValue("Content-Type", "application/x-www-form-urlencoded")])
        #expect(HARImporter.isNoise(":authority") && HARImporter.isNoise("Sec-Fetch-Site") && HARImporter.isNoise("User-Agent"))
        #expect(!HARImporter.isNoise("Authorization") && !HARImporter.isNoise("Accept") && !HARImporter.isNoise("Cookie"))
    }

    /// The README lists the headers left out; it must name each one the importer drops, and no other.
    @Test func theREADMEListsEveryNoiseHeader() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "which are left out: "))
        let end = try #require(readme.range(of: "Cookies (the `Cookie` header", range: start.upperBound..<readme.endIndex))
        let listed = readme[start.upperBound..<end.lowerBound].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { $0.element.lowercased() }
        let names = listed.filter { !$0.hasSuffix("*") && !$0.hasPrefix(":") }
        #expect(Set(names).subtracting(["sec-gpc", "sec-purpose"]) == Set(HARImporter.noiseHeaders))
        #expect(listed.contains("sec-ch-*") && listed.contains("sec-fetch-*") && listed.contains(":authority"))
        #expect(HARImporter.noisePrefixes == [":", "sec-ch-", "sec-fetch-", "sec-gpc", "sec-purpose"])
    }

    @Test func keepCookiesSendsThemAsACookieHeader() throws {
        let result = try devtools(keepCookies: true)
        #expect(request(result, "api.shop.test/GET /v1/users")?.headers.contains(KeyValue("cookie", "session=abc123; theme=dark")) == true)
        // Only `request.cookies`, no Cookie header: the header is made from them.
        #expect(request(result, "cdn.shop.test:8443/PUT /notes/1")?.headers == [KeyValue("Content-Type", "text/plain"), KeyValue("Cookie", "cdn=c-9")])
        #expect(!result.report.items.contains { $0.message.contains("--keep-cookies") })
    }

    @Test func bodiesAreKept() throws {
        let result = try devtools()
        #expect(request(result, "api.shop.test/POST /v1/users")?.body == .json("{\"name\":\"Ada\",\"admin\":false}"))
        #expect(request(result, "api.shop.test/POST /v1/users")?.headers == [KeyValue("content-type", "application/json"), KeyValue("x-request-id", "r-2")])
        let login = try #require(request(result, "127.0.0.1:8080/POST /login"))
        #expect(login.method == "POST")
        #expect(login.body == .form([KeyValue("user", "ada"), KeyValue("pass", "two words")]))
        let upload = try #require(request(result, "127.0.0.1:8080/POST /upload"))
        #expect(upload.body == .multipart([MultipartField(name: "caption", value: "beach")]))
        #expect(upload.headers.isEmpty, "the browser's boundary would not match the body's")
        #expect(request(result, "cdn.shop.test:8443/PUT /notes/1")?.body == .text("hello notes", contentType: nil))
    }

    @Test func theReportNamesEntriesByTheirJSONPath() throws {
        #expect(try devtools().report.items.map(\.description) == [
            "log.entries[4]: form file field 'photo' (beach.jpg): a HAR does not hold the file; not imported",
            "log.entries[5]: 'data:image/png;base64,iVBORw0KGgo=' is not an http(s) URL with a host; not imported",
            "log.entries[0]: 2 later entries with the same method and URL collapsed into this one",
            "log.entries: cookies of 2 requests left out; pass --keep-cookies to send them as Cookie headers",
        ])
    }

    @Test func manyCollapsedRequestsAreReportedInOneLine() throws {
        let entries = (0..<33).map { "{\"request\": {\"method\": \"GET\", \"url\": \"http://a.test/items/\($0 % 11)\"}}" }
        let result = try HARImporter.importArchive(Data("{\"log\": {\"entries\": [\(entries.joined(separator: ","))]}}".utf8), source: "many.har")
        #expect(result.collection.allRequests.count == 11)
        #expect(result.report.items.map(\.description) == ["log.entries: 22 entries collapsed into the first with the same method and URL (11 requests)"])
    }

    @Test func roundTripThroughTheLoaderGivesBackTheSameRequests() throws {
        let temp = try TempCollections()
        let result = try devtools(keepCookies: true)
        let trip = try ImportFixtures.roundTrip(result, root: temp.root)
        #expect(trip.problems.isEmpty, "\(trip.problems)")
        #expect(trip.loaded == trip.written)
        #expect(trip.loaded?.allRequests.count == 5)
        for located in result.collection.allRequests {
            var expected = located.request
            let loaded = try #require(trip.loaded?.locate(located.folders.map(\.name) + [located.request.name])?.request)
            expected.slug = loaded.slug
            expected.file = loaded.file
            #expect(loaded == expected)
        }
    }

    @Test(arguments: [
        ("[]", "x.har:1:1: error: expected a HAR file (an object with 'log'), found an array"),
        ("{\"info\": {}, \"item\": []}", "x.har:1:1: error: this is a Postman collection, not a HAR file; import it with `apiexplorer import postman`"),
        ("{\"log\": {\"version\": \"1.2\"}}", "x.har:1:9: error: log: missing 'entries'; expected the archive's requests"),
        ("{\"log\": {\"entries\": {}}}", "x.har:1:21: error: log.entries: expected an array, found an object"),
        ("{\"log\": {\"entries\": []}}", "x.har:1:9: error: log.entries: no entry has an http(s) request to import"),
        ("{\"log\": {\"entries\": [\n  {\"request\": {\"method\": \"GET\"}}]}}", "x.har:2:15: error: log.entries[0].request: missing 'url'; each request needs the URL it was sent to"),
        ("{\"log\": {\"entries\": [\n  {\"request\": {\"url\": \"http://a/\", \"method\": \"G T\"}}]}}",
         "x.har:2:46: error: log.entries[0].request.method: 'G T' is not an HTTP method"),
        ("{\"log\": {\"entries\": [\n  {\"request\": {\"url\": \"http://a/\", \"headers\": [{\"value\": \"1\"}]}}]}}",
         "x.har:2:48: error: log.entries[0].request.headers[0]: missing 'name'; each header needs a name"),
    ])
    func malformedArchivesSayWhereAndWhat(_ text: String, _ message: String) {
        do {
            _ = try HARImporter.importArchive(Data(text.utf8), source: "x.har")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description == message)
        }
    }
}
