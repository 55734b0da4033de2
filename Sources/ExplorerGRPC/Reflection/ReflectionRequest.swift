/// A `grpc.reflection.v1.ServerReflectionRequest` (the same message in v1alpha), coded by hand: reflection is how a
/// schema is found, so it cannot need one.
package enum ReflectionRequest: Sendable, Equatable {
    /// `list_services` (field 7).
    case listServices
    /// `file_containing_symbol` (field 4): the file declaring a service, method or message.
    case fileContainingSymbol(String)
    /// `file_by_filename` (field 3).
    case fileByFilename(String)

    /// The message's bytes.
    package var encoded: [UInt8] {
        var writer = ProtoWireWriter()
        switch self {
        case .listServices:
            writer.tag(7, wireType: 2)
            writer.lengthDelimited(Array("*".utf8))
        case let .fileContainingSymbol(symbol):
            writer.tag(4, wireType: 2)
            writer.lengthDelimited(Array(symbol.utf8))
        case let .fileByFilename(name):
            writer.tag(3, wireType: 2)
            writer.lengthDelimited(Array(name.utf8))
        }
        return writer.bytes
    }

    /// The request in `bytes`; nil for one this does not serve (extensions).
    package static func decode(_ bytes: [UInt8]) -> ReflectionRequest? {
        var reader = ProtoWireReader(bytes)
        var request: ReflectionRequest?
        while let (number, wireType) = try? reader.tag() {
            guard let value = try? reader.value(wireType: wireType, number: number) else { return nil }
            guard case let .bytes(range) = value else { continue }
            let text = String(decoding: bytes[range], as: UTF8.self)
            switch number {
            case 3: request = .fileByFilename(text)
            case 4: request = .fileContainingSymbol(text)
            case 7: request = .listServices
            default: continue
            }
        }
        return request
    }
}
