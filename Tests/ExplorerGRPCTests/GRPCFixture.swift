import ExplorerGRPC
import Foundation

/// The committed fixtures (made by Fixtures/make-fixtures.sh with protoc and Google's Python protobuf).
enum GRPCFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    static func schema() throws -> ProtoSchema { try ProtoSchema(descriptorSet: try data("shop.protoset")) }
}
