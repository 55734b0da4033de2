@testable import ExplorerCore
@testable import ExplorerFormats
import Foundation
import Testing

/// `--update` with a `.openapi-sync.json` written before the spec's version of each request was kept.
@Suite("import openapi --update from an older state")
struct OpenAPISyncLegacyStateTests {
    func spec(_ edit: (String) -> String = { $0 }) throws -> ImportResult {
        let path = ImportFixtures.path("openapi/petstore-3.0.yaml")
        var result = try OpenAPIImporter.importSpec(Data(edit(try ImportFixtures.text("openapi/petstore-3.0.yaml")).utf8), source: path)
        result.collection.spec = path
        return result
    }

    @Test func aStateWithoutTheSpecsVersionNamesOnlyTheParts() throws {
        let temp = try TempCollections()
        let written = try CollectionWriter.write(try spec(), into: temp.root, force: false)
        // A state written before the spec's version of each request was kept.
        var state = try OpenAPISyncState.recording(written.collection)
        for key in state.operations.keys { state.operations[key]?.spec = nil }
        try state.write(collection: written.directory)
        let listFile = written.directory + "/pets/list-pets.yaml"
        try (try String(contentsOfFile: listFile, encoding: .utf8) + "timeout: 5\n").write(toFile: listFile, atomically: true, encoding: .utf8)
        let summary = try OpenAPISync.update(try spec { $0.replacingOccurrences(of: "example: 20", with: "example: 50") }, collection: written.directory)
        #expect(summary.edited.first?.changes == ["changed query"], "\(summary.edited)")
        #expect(summary.lines.contains("  edited   pets/list-pets.yaml: left as you edited it; the spec changed query"), "\(summary.lines)")
    }
}
