import ExplorerGRPC
import ExplorerWorkspace
import Foundation
import Testing

/// Replays ProtoMessageDecoderFuzz's seeds and crash inputs through the fuzzer's property in the ordinary test run:
/// what the decoder writes is JSON, and what that JSON encodes to decodes again.
@Suite struct ProtoDecoderFuzzReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    @Test func corpusAndCrashInputsKeepTheFuzzersProperty() throws {
        let schema = try GRPCFixture.schema()
        var inputs: [URL] = []
        for kind in ["Corpus", "Regressions"] {
            let directory = Self.root.appendingPathComponent(kind).appendingPathComponent("ProtoMessageDecoderFuzz")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            inputs += names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
        }
        #expect(inputs.count >= 5)
        var decodedCount = 0
        for url in inputs {
            let bytes = [UInt8](try Data(contentsOf: url))
            let type = (bytes.first ?? 0) & 1 == 0 ? "shop.v1.Item" : "google.protobuf.Value"
            let decoder = ProtoMessageDecoder(schema: schema)
            guard let decoded = try? decoder.decode(Array(bytes.dropFirst()), as: type) else { continue }
            decodedCount += 1
            #expect(JSONValue.parse(Data(decoded.json.utf8)) != nil, "\(url.lastPathComponent): \(decoded.json)")
            guard let encoded = try? ProtoMessageEncoder(schema: schema).encode(json: decoded.json, as: type) else { continue }
            #expect(throws: Never.self, "\(url.lastPathComponent)") { try decoder.decode(encoded, as: type) }
        }
        #expect(decodedCount >= 4)
        // The key sent twice keeps its last value, once.
        let twice = try ProtoMessageDecoder(schema: schema).decode([0x6a, 0x05, 0x0a, 0x01, 0x61, 0x10, 0x01, 0x6a, 0x05, 0x0a, 0x01, 0x61, 0x10, 0x02],
                                                                   as: "shop.v1.Item")
        #expect(twice.json == #"{"prices":{"a":"2"}}"#)
    }
}
