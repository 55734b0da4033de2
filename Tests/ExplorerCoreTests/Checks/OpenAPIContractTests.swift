@testable import ExplorerChecks
@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("conformsToSpec: responses checked against the collection's OpenAPI description")
struct OpenAPIContractTests {
    /// The petstore fixture's collection, loaded from disk with its `spec:` key, and its request `path`'s checks.
    func checks(_ path: [String], temp: TempCollections) throws -> (CollectionSpec, [CheckSpec]) {
        var result = try OpenAPIImportTests.load("petstore-3.0.yaml")
        result.collection.spec = ImportFixtures.path("openapi/petstore-3.0.yaml")
        _ = try CollectionWriter.write(result, into: temp.root, force: false)
        let text = try String(contentsOfFile: temp.root + "/pet-store/collection.yaml", encoding: .utf8)
        #expect(text.contains("spec: "), "\(text)")
        let loaded = CollectionLoader(environment: [:]).load(directory: temp.root)
        var collection = try #require(loaded.collections.first)
        collection.root.checks = [CheckSpec(.conformsToSpec(nil))]
        #expect(collection.spec == ImportFixtures.path("openapi/petstore-3.0.yaml"))
        let located = try #require(collection.locate(path))
        let resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: collection.defaultEnvironment, processEnvironment: [:])
        return (collection, resolver.checks)
    }

    func evaluate(_ checks: [CheckSpec], status: Int, type: String = "application/json", body: String) -> CheckResult? {
        let response = CheckedResponse(status: status, headers: [("Content-Type", type)], body: Data(body.utf8))
        return CheckEvaluator(response: response).evaluate(checks).first
    }

    @Test func aConformingBodyPasses() throws {
        let temp = try TempCollections()
        let (_, checks) = try checks(["pets", "getPetById"], temp: temp)
        let result = evaluate(checks, status: 200, body: #"{"name": "Rex", "tag": null, "category": {"id": 1, "name": "Dogs"}}"#)
        #expect(result?.passed == true, "\(String(describing: result))")
        #expect(result?.check.summary == "conforms to spec")
    }

    @Test func violationsNameThePlaceAndTheSchemaPointer() throws {
        let temp = try TempCollections()
        let (_, checks) = try checks(["pets", "List pets"], temp: temp)
        let result = try #require(evaluate(checks, status: 200, body: #"{"items": [{"name": "Rex", "category": {"id": 1, "name": "Dogs"}}, {"name": 5, "category": {"id": 1, "name": "Dogs"}}]}"#))
        #expect(!result.passed)
        // The item schema is in another file: the pointer names it.
        #expect(result.reason == "$.items[1].name: expected string, got integer (schema common/schemas.yaml#/Pet/properties/name)")
        let errors = try #require(evaluate(checks, status: 200, body: #"{"items": "none"}"#))
        #expect(errors.reason == "$.items: expected array, got string (schema #/paths/~1pets/get/responses/200/content/application~1json/schema/properties/items)")
    }

    @Test func theStatusAndContentTypeMustBeDeclared() throws {
        let temp = try TempCollections()
        let (_, checks) = try checks(["pets", "getPetById"], temp: temp)
        // `default` covers any status, with its own schema.
        #expect(evaluate(checks, status: 500, body: #"{"code": 1, "message": "down"}"#)?.passed == true)
        #expect(evaluate(checks, status: 500, body: #"{"code": "x"}"#)?.reason?.contains("$.code: expected integer, got string (schema #/components/schemas/Error/properties/code)") == true)
        #expect(evaluate(checks, status: 200, type: "text/html", body: "<p>")?.reason == "content type text/html is not declared for GET /pets/{petId} 200 (it declares application/json)")
        let (_, deleteChecks) = try self.checks(["pets", "Delete a pet (deprecated)"], temp: try TempCollections())
        #expect(evaluate(deleteChecks, status: 200, body: "")?.reason == "status 200 is not declared for DELETE /pets/{petId} (it declares 204)")
    }

    @Test func withoutASpecTheCheckFailsSayingSo() {
        let response = CheckedResponse(status: 200)
        let result = CheckEvaluator(response: response).evaluate(CheckSpec(.conformsToSpec(nil)))
        #expect(!result.passed && result.reason?.contains("no spec: key") == true)
    }

    @Test func theCheckReadsAndWritesBackInFilesAndTheChecksTab() throws {
        let loader = CollectionLoader(environment: [:])
        let (request, problems) = loader.parseRequest("url: /x\nchecks:\n  - conformsToSpec: true\n", file: "/c/r.yaml", slug: "r")
        #expect(problems.isEmpty && request?.checks == [CheckSpec(.conformsToSpec(nil))], "\(problems)")
        #expect(YAMLText.checksBlock(request?.checks ?? [], requestFile: "/c/r.yaml") == ["checks:", "  - conformsToSpec: true"])
        let (_, refused) = loader.parseRequest("url: /x\nchecks:\n  - conformsToSpec: false\n", file: "/c/r.yaml", slug: "r")
        #expect(refused.contains { $0.message.contains("expected 'conformsToSpec: true'") }, "\(refused)")
        let row = try CheckRow.parse("conforms to spec", requestFile: "/c/r.yaml")
        #expect(row == .check(CheckSpec(.conformsToSpec(nil))))
        #expect(row.text(requestFile: "/c/r.yaml") == "conforms to spec")
    }

    @Test func nullableAndPointersInTheValidator() {
        var validator = JSONSchemaValidator(root: .object(["type": .string("string"), "nullable": .bool(true)]))
        #expect(validator.validate(.null).isEmpty)
        #expect(validator.validate(.integer(1)) == ["$: expected string, got integer"])
        validator.namesSchemaPointers = true
        #expect(validator.validate(.integer(1)) == ["$: expected string, got integer (schema #)"])
    }
}
