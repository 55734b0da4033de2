/// A `grpc.reflection.v1.ServerReflectionResponse`'s answer, coded by hand as its request is.
package enum ReflectionResponse: Sendable, Equatable {
    /// `list_services_response` (field 6): the services' full names.
    case services([String])
    /// `file_descriptor_response` (field 4): serialized `FileDescriptorProto`s.
    case files([[UInt8]])
    /// `error_response` (field 7): a status code and message.
    case error(code: Int32, message: String)

    /// The message's bytes.
    package var encoded: [UInt8] {
        var inner = ProtoWireWriter()
        var outer = ProtoWireWriter()
        switch self {
        case let .services(names):
            for name in names {
                var service = ProtoWireWriter()
                service.tag(1, wireType: 2)
                service.lengthDelimited(Array(name.utf8))
                inner.tag(1, wireType: 2)
                inner.lengthDelimited(service.bytes)
            }
            outer.tag(6, wireType: 2)
        case let .files(files):
            for file in files {
                inner.tag(1, wireType: 2)
                inner.lengthDelimited(file)
            }
            outer.tag(4, wireType: 2)
        case let .error(code, message):
            inner.tag(1, wireType: 0)
            inner.varint(UInt64(bitPattern: Int64(code)))
            inner.tag(2, wireType: 2)
            inner.lengthDelimited(Array(message.utf8))
            outer.tag(7, wireType: 2)
        }
        outer.lengthDelimited(inner.bytes)
        return outer.bytes
    }

    /// The answer in `bytes`.
    package static func decode(_ bytes: [UInt8]) throws(ProtoCodecError) -> ReflectionResponse {
        var reader = ProtoWireReader(bytes)
        while let (number, wireType) = try reader.tag() {
            let value = try reader.value(wireType: wireType, number: number)
            guard case let .bytes(range)? = value, [4, 6, 7].contains(number) else { continue }
            let fields = try Self.fields(bytes, range: range)
            switch number {
            case 4:
                return .files(fields.compactMap { if $0.number == 1, case let .bytes(file) = $0.value { Array(bytes[file]) } else { nil } })
            case 6:
                var names: [String] = []
                for case let (1, .bytes(service)) in fields.map({ ($0.number, $0.value) }) {
                    for case let (1, .bytes(name)) in try Self.fields(bytes, range: service).map({ ($0.number, $0.value) }) {
                        names.append(String(decoding: bytes[name], as: UTF8.self))
                    }
                }
                return .services(names)
            default:
                var code: Int32 = 0
                var message = ""
                for field in fields {
                    if field.number == 1, case let .varint(raw) = field.value { code = Int32(truncatingIfNeeded: raw) }
                    if field.number == 2, case let .bytes(text) = field.value { message = String(decoding: bytes[text], as: UTF8.self) }
                }
                return .error(code: code, message: message)
            }
        }
        throw ProtoCodecError("the reflection answer has no file, service list or error in it", at: "")
    }

    private static func fields(_ bytes: [UInt8], range: Range<Int>) throws(ProtoCodecError) -> [(number: Int32, value: ProtoWireReader.Value)] {
        var reader = ProtoWireReader(bytes, range: range)
        var fields: [(number: Int32, value: ProtoWireReader.Value)] = []
        while let (number, wireType) = try reader.tag() {
            if let value = try reader.value(wireType: wireType, number: number) { fields.append((number, value)) }
        }
        return fields
    }
}
