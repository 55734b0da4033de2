@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Testing

/// The spec's changes to a request, named one by one for `import openapi --update`.
@Suite("OpenAPI request changes")
struct OpenAPIRequestChangesTests {
    @Test func eachChangeIsNamed() {
        var old = RequestSpec(name: "List pets", slug: "list-pets", method: "GET", url: "/pets")
        old.query = [KeyValue("limit", "20"), KeyValue("status", "sold", enabled: false)]
        old.headers = [KeyValue("X-Old", "1"), KeyValue("X-Mode", "fast")]
        old.variables = [Variable(name: "petId", value: "7")]
        var new = old
        new.method = "PUT"
        new.url = "/pets/{{id}}"
        new.query = [KeyValue("limit", "50"), KeyValue("status", "sold"), KeyValue("dryRun", "true", enabled: false)]
        new.headers = [KeyValue("X-Mode", "fast")]
        new.body = .json("{}")
        new.variables = [Variable(name: "id", value: "7")]
        #expect(OpenAPIRequestChanges.describe(from: old, to: new) == [
            "changed method GET → PUT", "changed path /pets → /pets/{{id}}",
            "changed query parameter limit: '20' → '50'", "made query parameter status required", "added query parameter dryRun",
            "removed header X-Old", "changed body", "added path parameter id", "removed path parameter petId",
        ])
    }

    @Test func rowsThatOnlyMovedAreNamedWhole() {
        var old = RequestSpec(name: "A", slug: "a", method: "GET", url: "/a")
        old.query = [KeyValue("a", "1"), KeyValue("b", "2")]
        var new = old
        new.query.reverse()
        #expect(OpenAPIRequestChanges.describe(from: old, to: new) == ["reordered query parameters"])
    }
}
