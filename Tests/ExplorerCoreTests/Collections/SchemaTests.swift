@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("The JSON Schemas in Collections/ match the parser")
struct SchemaTests {
    static let collections = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Collections")

    func properties(_ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: Self.collections.appendingPathComponent(file))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        return try #require(schema["properties"] as? [String: Any])
    }

    @Test func everyKeyTheParserAcceptsIsInTheSchemaAndNoOther() throws {
        let request = try properties("request.schema.json")
        #expect(Set(request.keys) == Set(CollectionFileParser.requestKeys))
        let collection = try properties("collection.schema.json")
        #expect(Set(collection.keys) == Set(CollectionFileParser.collectionKeys))
        #expect(Set(CollectionFileParser.folderKeys).isSubset(of: Set(collection.keys)))
        let definitions = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.collections
            .appendingPathComponent("collection.schema.json"))) as? [String: Any])["$defs"] as? [String: Any]
        let environment = try #require((definitions?["environment"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(environment.keys) == Set(CollectionFileParser.environmentKeys))
    }
}
