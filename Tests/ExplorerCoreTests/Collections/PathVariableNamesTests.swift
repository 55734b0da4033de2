@testable import ExplorerCore
@testable import ExplorerWorkspace
import Testing

/// Which `{{variables}}` of a URL are path parameters.
@Suite("Path variable names")
struct PathVariableNamesTests {
    func names(_ url: String) -> [String] {
        RequestSpec(name: "r", slug: "r", method: "GET", url: url).pathVariableNames
    }

    @Test func onlyThoseInThePathOnceEach() {
        #expect(names("/pets/{{petId}}/toys/{{ toyId }}") == ["petId", "toyId"])
        #expect(names("{{baseURL}}/pets/{{petId}}?q={{query}}") == ["petId"])
        #expect(names("https://{{host}}:8080/a/{{id}}/b/{{id}}") == ["id"])
        #expect(names("/items/{{$uuid}}") == [])
        #expect(names("{{baseURL}}") == [] && names("/plain") == [])
        // An escaped `\{{` is literal text to the resolver, so no parameter either.
        #expect(names("/docs/\\{{literal}}/{{id}}") == ["id"])
    }
}
