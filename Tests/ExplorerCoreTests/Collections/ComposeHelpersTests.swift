@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Helpers for composing requests: JSON with variables, the query in a URL, and merging outside changes")
struct ComposeHelpersTests {
    @Test func jsonWithVariablesValidatesAndPrettyPrintsKeepingLiterals() throws {
        #expect(JSONTemplate.validate("{\"id\": {{id}}, \"name\": \"{{name}}\"}") == nil)
        #expect(JSONTemplate.validate("{\"a\": 1,}")?.line == 1)
        let error = try #require(JSONTemplate.validate("{\n  \"a\": 1\n  \"b\": 2\n}"))
        #expect(error.line == 3)
        let pretty = try JSONTemplate.prettyPrinted("{\"z\":1.10,\"a\":12345678901234567890,\"id\":{{id}},\"s\":\"{{x}}\"}")
        #expect(pretty == "{\n  \"z\": 1.10,\n  \"a\": 12345678901234567890,\n  \"id\": {{id}},\n  \"s\": \"{{x}}\"\n}")
        #expect(throws: JSONSyntaxError.self) { try JSONTemplate.prettyPrinted("{oops}") }
    }

    @Test func theQueryOfAURLBecomesParameters() {
        let (url, query) = URLQueryText.split("/search?q=two%20words&page=2&flag#top")
        #expect(url == "/search#top")
        #expect(query == [KeyValue("q", "two words"), KeyValue("page", "2"), KeyValue("flag", "")])
        #expect(URLQueryText.split("https://x.test/a").query.isEmpty)
        #expect(URLQueryText.split("/u?id={{id}}").query == [KeyValue("id", "{{id}}")])
    }

    @Test func mergingTakesOutsideChangesToKeysNotEditedHere() {
        let base = RequestSpec(name: "a", slug: "a", url: "/a", headers: [KeyValue("A", "1")], timeout: 5)
        var ours = base
        ours.url = "/ours"
        ours.headers.append(KeyValue("Ours", "1"))
        var theirs = base
        theirs.method = "POST"
        theirs.url = "/theirs"
        theirs.headers = [KeyValue("Theirs", "1")]
        theirs.timeout = 9
        let merged = RequestMerge.merge(ours: ours, base: base, theirs: theirs)
        #expect(merged.method == "POST" && merged.url == "/ours" && merged.timeout == 9)
        #expect(merged.headers == [KeyValue("Ours", "1"), KeyValue("Theirs", "1")])
    }
}
