@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("import openapi --update")
struct OpenAPISyncTests {
    /// The petstore fixture with `edit` applied to its text, imported as if read from the fixture's place.
    func spec(_ edit: (String) -> String = { $0 }) throws -> ImportResult {
        let path = ImportFixtures.path("openapi/petstore-3.0.yaml")
        var result = try OpenAPIImporter.importSpec(Data(edit(try ImportFixtures.text("openapi/petstore-3.0.yaml")).utf8), source: path)
        result.collection.spec = path
        return result
    }

    @Test func addsUpdatesKeepsEditsAndListsRemovals() throws {
        let temp = try TempCollections()
        let written = try CollectionWriter.write(try spec(), into: temp.root, force: false)
        try OpenAPISyncState.recording(written.collection).write(collection: written.directory)
        let directory = written.directory
        // The user edits one request.
        let listFile = directory + "/pets/list-pets.yaml"
        try (try String(contentsOfFile: listFile, encoding: .utf8) + "timeout: 5\n").write(toFile: listFile, atomically: true, encoding: .utf8)

        let newer = try spec { text in
            text.replacingOccurrences(of: "summary: Add a pet", with: "summary: Add a new pet")
                .replacingOccurrences(of: "example: 20", with: "example: 50")
                .replacingOccurrences(of: "  /store/notes:\n    post:\n      summary: Leave a note", with: "  /store/notes:\n    patch:\n      summary: Leave a note")
                .replacingOccurrences(of: "  /broken:\n", with: "  /pets/{petId}/toys:\n    get:\n      tags: [toys]\n      summary: List toys\n      responses: {'200': {description: OK}}\n  /broken:\n")
        }
        let summary = try OpenAPISync.update(newer, collection: directory)
        // The note is now PATCH, a new operation: the POST request stays, and the new one gets a name of its own.
        #expect(summary.added == ["toys/list-toys.yaml", "leave-a-note-2.yaml"])
        #expect(summary.updated == ["pets/add-pet.yaml"])
        #expect(summary.edited.map { $0.file } == ["pets/list-pets.yaml"])
        #expect(summary.edited.first?.changes == ["changed query parameter limit: '20' → '50'"], "\(summary.edited)")
        #expect(summary.removed.map { $0.file } == ["leave-a-note.yaml"] && summary.removed.first?.operation == "POST /store/notes")
        #expect(summary.unchanged == 6)
        #expect(summary.lines.first == "2 added, 1 updated, 1 edited and left alone, 1 removed from the spec, 6 unchanged")

        let loaded = CollectionLoader(environment: [:]).load(directory: temp.root)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let collection = try #require(loaded.collections.first)
        #expect(collection.locate(["pets", "add-pet"])?.request.name == "Add a new pet")
        // Edited: the user's version, with the old example.
        let list = try #require(collection.locate(["pets", "list-pets"])?.request)
        #expect(list.timeout == 5 && list.query.first == KeyValue("limit", "20"))
        #expect(collection.locate(["toys", "list-toys"])?.request.url == "/pets/{{petId}}/toys")
        // Removed from the spec, never deleted.
        #expect(collection.locate(["leave-a-note"])?.request.method == "POST")

        // A second update with the same spec changes nothing, and still lists what needs a look.
        let again = try OpenAPISync.update(newer, collection: directory)
        #expect(again.added.isEmpty && again.updated.isEmpty && again.unchanged == 9)
        #expect(again.edited.map { $0.file } == ["pets/list-pets.yaml"] && again.removed.map { $0.file } == ["leave-a-note.yaml"])
    }

    @Test func anOperationWhoseMethodOrPathChangedIsFollowedByItsOperationId() throws {
        let temp = try TempCollections()
        let result = try spec()
        let written = try CollectionWriter.write(result, into: temp.root, force: false)
        try OpenAPISyncState.recording(written.collection, operationIds: result.operationIds).write(collection: written.directory)
        let directory = written.directory
        let listFile = directory + "/pets/list-pets.yaml"
        try (try String(contentsOfFile: listFile, encoding: .utf8) + "timeout: 5\n").write(toFile: listFile, atomically: true, encoding: .utf8)
        // listPets (edited) and addPet move to /animals; getPetById becomes a PUT.
        let newer = try spec { text in
            text.replacingOccurrences(of: "\n  /pets:\n", with: "\n  /animals:\n")
                .replacingOccurrences(of: "  /pets/{petId}:\n    get:\n", with: "  /pets/{petId}:\n    put:\n")
        }
        let summary = try OpenAPISync.update(newer, collection: directory)
        #expect(summary.added.isEmpty && summary.removed.isEmpty, "\(summary.lines)")
        #expect(summary.updated == ["pets/add-pet.yaml", "pets/get-pet-by-id.yaml"], "\(summary.lines)")
        #expect(summary.edited.map { $0.file } == ["pets/list-pets.yaml"])
        #expect(summary.edited.first?.changes == ["changed path /pets → /animals"], "\(summary.lines)")
        let loaded = CollectionLoader(environment: [:]).load(directory: temp.root)
        let collection = try #require(loaded.collections.first)
        #expect(collection.locate(["pets", "get-pet-by-id"])?.request.method == "PUT")
        #expect(collection.locate(["pets", "add-pet"])?.request.url == "/animals")
        #expect(collection.locate(["pets", "list-pets"])?.request.url == "/pets")
        // The edited request is named again next time; the rewritten ones are settled.
        let again = try OpenAPISync.update(newer, collection: directory)
        #expect(again.updated.isEmpty && again.added.isEmpty && again.removed.isEmpty, "\(again.lines)")
        #expect(again.edited.first?.changes == ["changed path /pets → /animals"], "\(again.lines)")
    }

    @Test func aCollectionWithoutStateIsRefused() throws {
        let temp = try TempCollections()
        #expect(throws: OpenAPISyncError.noCollection(path: temp.root + "/pet-store")) { try OpenAPISync.update(try spec(), collection: temp.root + "/pet-store") }
        let written = try CollectionWriter.write(try spec(), into: temp.root, force: false)
        do {
            _ = try OpenAPISync.update(try spec(), collection: written.directory)
            Issue.record("updated without state")
        } catch {
            #expect(String(describing: error).contains("has no .openapi-sync.json"))
        }
    }
}
