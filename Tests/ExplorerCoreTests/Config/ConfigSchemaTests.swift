import ExplorerCore
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Collections/config.schema.json lists the keys the loader knows (issue 31)")
struct ConfigSchemaTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Collections/config.schema.json")

    @Test func everyKnownKeyIsInTheSchemaAndViceVersa() throws {
        let data = try Data(contentsOf: Self.schema)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(root["properties"] as? [String: Any])
        var schemaKeys: [String] = []
        for (key, value) in properties {
            guard let nested = (value as? [String: Any])?["properties"] as? [String: Any] else {
                schemaKeys.append(key)
                continue
            }
            // keymap's modes are checked against the key map by KeyMapConfigTests; its fixed key is preset.
            schemaKeys += key == "keymap" ? ["keymap.preset"] : nested.keys.map { "\(key).\($0)" }
        }
        #expect(Set(schemaKeys) == Set(ConfigLoader.knownKeys), "schema only: \(Set(schemaKeys).subtracting(ConfigLoader.knownKeys)), loader only: \(Set(ConfigLoader.knownKeys).subtracting(schemaKeys))")
        let keymap = (properties["keymap"] as? [String: Any])?["properties"] as? [String: Any]
        #expect(((keymap?["preset"] as? [String: Any])?["enum"] as? [String]) == ConfigLoader.presets)
        #expect(((properties["theme"] as? [String: Any])?["anyOf"] as? [[String: Any]])?.first?["enum"] as? [String] == ConfigLoader.themes)
    }
}
