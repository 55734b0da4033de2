import ExplorerWorkspace
import Foundation

/// Encodes a message written in proto3's JSON mapping into protobuf's binary format from a schema's descriptors:
/// fields by JSON or `.proto` name, 64-bit integers as strings or numbers, enums by name or number, the well-known
/// types from their own forms. Every refusal names the field's JSON path and what it expected.
public struct ProtoMessageEncoder: Sendable {
    /// The descriptors messages are encoded with.
    public let schema: ProtoSchema

    /// An encoder for `schema`'s messages.
    public init(schema: ProtoSchema) { self.schema = schema }

    /// The JSON text `json` as a message of type `typeName`; empty text is the empty message.
    public func encode(json: String, as typeName: String) throws(ProtoCodecError) -> [UInt8] {
        let trimmed = json.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return try encode(.object([:]), as: typeName) }
        guard let value = JSONValue.parse(Data(trimmed.utf8)) else {
            throw ProtoCodecError("the message is not JSON (proto3's JSON mapping is expected, e.g. {\"id\": \"it-1\"})", at: "$")
        }
        return try encode(value, as: typeName)
    }

    /// `value` as a message of type `typeName`.
    public func encode(_ value: JSONValue, as typeName: String) throws(ProtoCodecError) -> [UInt8] {
        guard let type = schema.messages[ProtoSchema.resolved(typeName)] else {
            throw ProtoCodecError("no message type \"\(typeName)\" in the schema", at: "$")
        }
        return try message(type, value, path: "$", depth: 0)
    }

    private func message(_ type: ProtoMessageType, _ value: JSONValue, path: String, depth: Int) throws(ProtoCodecError) -> [UInt8] {
        guard depth < ProtoMessageDecoder.depthLimit else {
            throw ProtoCodecError("messages are nested more than \(ProtoMessageDecoder.depthLimit) deep", at: path)
        }
        if let special = try wellKnown(type, value, path: path, depth: depth) { return special }
        guard case let .object(members) = value else {
            throw ProtoCodecError("expected an object for \(type.fullName), got \(Self.kind(value))", at: path)
        }
        var chosen: [(ProtoField, JSONValue, String)] = []
        var oneofs: [String: String] = [:]
        for (key, member) in members {
            guard let field = type.field(named: key) else {
                let names = type.fields.map(\.jsonName).joined(separator: ", ")
                throw ProtoCodecError("\(type.fullName) has no field \"\(key)\" (fields: \(names.isEmpty ? "none" : names))", at: path)
            }
            let fieldPath = path + "." + key
            if member == .null, !Self.takesNull(field) { continue }
            if let oneof = field.oneof {
                if let other = oneofs[oneof] {
                    throw ProtoCodecError("\"\(other)\" and \"\(key)\" are both set, but they are in oneof \(oneof)", at: path)
                }
                oneofs[oneof] = key
            }
            chosen.append((field, member, fieldPath))
        }
        var writer = ProtoWireWriter()
        for (field, member, fieldPath) in chosen.sorted(by: { $0.0.number < $1.0.number }) {
            try write(field, member, into: &writer, path: fieldPath, depth: depth)
        }
        return writer.bytes
    }

    private static func takesNull(_ field: ProtoField) -> Bool {
        !field.isRepeated && (field.type == .message(ProtoWellKnown.value) || field.type == .enumeration(ProtoWellKnown.nullValue))
    }

    private func write(_ field: ProtoField, _ value: JSONValue, into writer: inout ProtoWireWriter, path: String, depth: Int) throws(ProtoCodecError) {
        if let entry = field.mapEntry {
            guard case let .object(members) = value else { throw ProtoCodecError("expected an object for a map, got \(Self.kind(value))", at: path) }
            for key in members.keys.sorted() {
                guard let member = members[key] else { continue }
                let entryPath = path + "[" + ProtoJSONText.quoted(key) + "]"
                var entryWriter = ProtoWireWriter()
                try writeValue(entry.key, try mapKey(key, type: entry.key, path: entryPath), number: 1, into: &entryWriter, path: entryPath, depth: depth, always: true)
                try writeValue(entry.value, member, number: 2, into: &entryWriter, path: entryPath, depth: depth, always: true)
                writer.tag(field.number, wireType: 2)
                writer.lengthDelimited(entryWriter.bytes)
            }
            return
        }
        if field.isRepeated {
            guard case let .array(items) = value else { throw ProtoCodecError("expected an array, got \(Self.kind(value))", at: path) }
            if field.isPacked {
                guard !items.isEmpty else { return }
                var packed = ProtoWireWriter()
                for (index, item) in items.enumerated() { try scalar(field.type, item, into: &packed, path: path + "[\(index)]") }
                writer.tag(field.number, wireType: 2)
                writer.lengthDelimited(packed.bytes)
            } else {
                for (index, item) in items.enumerated() {
                    try writeValue(field.type, item, number: field.number, into: &writer, path: path + "[\(index)]", depth: depth, always: true)
                }
            }
            return
        }
        try writeValue(field.type, value, number: field.number, into: &writer, path: path, depth: depth, always: field.hasPresence)
    }

    /// One value with its tag; a scalar default is left out unless `always`.
    private func writeValue(_ type: ProtoFieldType, _ value: JSONValue, number: Int32, into writer: inout ProtoWireWriter, path: String,
                            depth: Int, always: Bool) throws(ProtoCodecError) {
        switch type {
        case let .message(name):
            guard let inner = schema.messages[name] else { throw ProtoCodecError("message type \(name) is not in the schema", at: path) }
            let bytes = try message(inner, value, path: path, depth: depth + 1)
            writer.tag(number, wireType: 2)
            writer.lengthDelimited(bytes)
        case .group:
            throw ProtoCodecError("proto2 groups are not supported", at: path)
        default:
            var scalarWriter = ProtoWireWriter()
            try scalar(type, value, into: &scalarWriter, path: path)
            let bytes = scalarWriter.bytes
            let isDefault = type.wireType == 2 ? bytes == [0] : bytes.allSatisfy { $0 == 0 }
            if isDefault, !always { return }
            writer.tag(number, wireType: type.wireType)
            for byte in bytes { writer.append(byte) }
        }
    }

    /// A scalar's bytes without a tag (length-prefixed for strings and bytes).
    private func scalar(_ type: ProtoFieldType, _ value: JSONValue, into writer: inout ProtoWireWriter, path: String) throws(ProtoCodecError) {
        switch type {
        case .int32: writer.varint(UInt64(bitPattern: Int64(try Self.integer(value, in: Int64(Int32.min)...Int64(Int32.max), type: "int32", path: path))))
        case .sint32: writer.varint(ProtoWireWriter.zigZag(try Self.integer(value, in: Int64(Int32.min)...Int64(Int32.max), type: "sint32", path: path)))
        case .sfixed32: writer.fixed32(UInt32(bitPattern: Int32(try Self.integer(value, in: Int64(Int32.min)...Int64(Int32.max), type: "sfixed32", path: path))))
        case .uint32: writer.varint(UInt64(try Self.integer(value, in: 0...Int64(UInt32.max), type: "uint32", path: path)))
        case .fixed32: writer.fixed32(UInt32(try Self.integer(value, in: 0...Int64(UInt32.max), type: "fixed32", path: path)))
        case .int64: writer.varint(UInt64(bitPattern: try Self.integer(value, in: Int64.min...Int64.max, type: "int64", path: path)))
        case .sint64: writer.varint(ProtoWireWriter.zigZag(try Self.integer(value, in: Int64.min...Int64.max, type: "sint64", path: path)))
        case .sfixed64: writer.fixed64(UInt64(bitPattern: try Self.integer(value, in: Int64.min...Int64.max, type: "sfixed64", path: path)))
        case .uint64: writer.varint(try Self.unsigned(value, type: "uint64", path: path))
        case .fixed64: writer.fixed64(try Self.unsigned(value, type: "fixed64", path: path))
        case .double: writer.fixed64(try Self.double(value, type: "double", path: path).bitPattern)
        case .float:
            let number = try Self.double(value, type: "float", path: path)
            guard number.isNaN || number.isInfinite || abs(number) <= Double(Float.greatestFiniteMagnitude) else {
                throw ProtoCodecError("\(number) is out of a float's range", at: path)
            }
            writer.fixed32(Float(number).bitPattern)
        case .bool:
            guard case let .bool(flag) = value else { throw ProtoCodecError("expected true or false, got \(Self.kind(value))", at: path) }
            writer.varint(flag ? 1 : 0)
        case .string:
            guard case let .string(text) = value else { throw ProtoCodecError("expected a string, got \(Self.kind(value))", at: path) }
            writer.lengthDelimited(Array(text.utf8))
        case .bytes:
            guard case let .string(text) = value, let data = Self.base64(text) else {
                throw ProtoCodecError("expected base64 bytes as a string, got \(Self.kind(value))", at: path)
            }
            writer.lengthDelimited(Array(data))
        case let .enumeration(name):
            writer.varint(UInt64(bitPattern: Int64(try enumNumber(name, value, path: path))))
        case .message, .group:
            throw ProtoCodecError("a message cannot be packed", at: path)
        }
    }

    private func enumNumber(_ name: String, _ value: JSONValue, path: String) throws(ProtoCodecError) -> Int32 {
        if name == ProtoWellKnown.nullValue, value == .null { return 0 }
        if case let .integer(number) = value, let exact = Int32(exactly: number) { return exact }
        guard case let .string(label) = value else { throw ProtoCodecError("expected a name of enum \(name), got \(Self.kind(value))", at: path) }
        guard let type = schema.enums[name] else { throw ProtoCodecError("enum \(name) is not in the schema", at: path) }
        guard let number = type.number(of: label) else {
            throw ProtoCodecError("\(name) has no value \"\(label)\" (values: \(type.values.map(\.name).joined(separator: ", ")))", at: path)
        }
        return number
    }

    private func mapKey(_ key: String, type: ProtoFieldType, path: String) throws(ProtoCodecError) -> JSONValue {
        switch type {
        case .string: return .string(key)
        case .bool:
            guard key == "true" || key == "false" else { throw ProtoCodecError("a bool map key is \"true\" or \"false\", not \"\(key)\"", at: path) }
            return .bool(key == "true")
        default: return .string(key)
        }
    }

    // MARK: Well-known types

    private func wellKnown(_ type: ProtoMessageType, _ value: JSONValue, path: String, depth: Int) throws(ProtoCodecError) -> [UInt8]? {
        var writer = ProtoWireWriter()
        switch type.fullName {
        case ProtoWellKnown.timestamp, ProtoWellKnown.duration:
            let isTimestamp = type.fullName == ProtoWellKnown.timestamp
            guard case let .string(text) = value,
                  let (seconds, nanos) = isTimestamp ? ProtoTime.parseTimestamp(text) : ProtoTime.parseDuration(text) else {
                throw ProtoCodecError(isTimestamp ? "expected an RFC 3339 timestamp such as \"2024-05-01T12:00:00Z\", got \(Self.kind(value))"
                                          : "expected a duration such as \"1.5s\", got \(Self.kind(value))", at: path)
            }
            if seconds != 0 { writer.tag(1, wireType: 0); writer.varint(UInt64(bitPattern: seconds)) }
            if nanos != 0 { writer.tag(2, wireType: 0); writer.varint(UInt64(bitPattern: Int64(nanos))) }
        case ProtoWellKnown.structType:
            guard case .object = value, let field = type.field(number: 1) else {
                throw ProtoCodecError("expected an object for a google.protobuf.Struct, got \(Self.kind(value))", at: path)
            }
            try write(field, value, into: &writer, path: path, depth: depth)
        case ProtoWellKnown.listValue:
            guard case .array = value, let field = type.field(number: 1) else {
                throw ProtoCodecError("expected an array for a google.protobuf.ListValue, got \(Self.kind(value))", at: path)
            }
            try write(field, value, into: &writer, path: path, depth: depth)
        case ProtoWellKnown.value:
            switch value {
            case .null: writer.tag(1, wireType: 0); writer.varint(0)
            case let .integer(number): writer.tag(2, wireType: 1); writer.fixed64(Double(number).bitPattern)
            case let .number(number): writer.tag(2, wireType: 1); writer.fixed64(number.bitPattern)
            case let .string(text): writer.tag(3, wireType: 2); writer.lengthDelimited(Array(text.utf8))
            case let .bool(flag): writer.tag(4, wireType: 0); writer.varint(flag ? 1 : 0)
            case .object:
                try writeValue(.message(ProtoWellKnown.structType), value, number: 5, into: &writer, path: path, depth: depth, always: true)
            case .array:
                try writeValue(.message(ProtoWellKnown.listValue), value, number: 6, into: &writer, path: path, depth: depth, always: true)
            }
        case ProtoWellKnown.fieldMask:
            guard case let .string(text) = value else { throw ProtoCodecError("expected a field mask such as \"name,priceCents\", got \(Self.kind(value))", at: path) }
            for part in text.split(separator: ",") {
                writer.tag(1, wireType: 2)
                writer.lengthDelimited(Array(ProtoWellKnown.snakePath(String(part)).utf8))
            }
        case ProtoWellKnown.any:
            guard case var .object(members) = value else { throw ProtoCodecError("expected an object with \"@type\" for a google.protobuf.Any, got \(Self.kind(value))", at: path) }
            if members.isEmpty { return [] }
            guard case let .string(url)? = members.removeValue(forKey: "@type") else {
                throw ProtoCodecError("a google.protobuf.Any needs \"@type\" (e.g. \"type.googleapis.com/shop.v1.Item\")", at: path)
            }
            let name = url.split(separator: "/").last.map(String.init) ?? url
            guard let inner = schema.messages[name] else { throw ProtoCodecError("the Any's type \(name) is not in the schema", at: path + ".@type") }
            let content = ProtoWellKnown.hasSpecialJSON(name) ? (members["value"] ?? .null) : .object(members)
            let bytes = try message(inner, content, path: path, depth: depth + 1)
            writer.tag(1, wireType: 2)
            writer.lengthDelimited(Array(url.utf8))
            writer.tag(2, wireType: 2)
            writer.lengthDelimited(bytes)
        default:
            guard ProtoWellKnown.wrappers.contains(type.fullName), let field = type.field(number: 1) else { return nil }
            try writeValue(field.type, value, number: 1, into: &writer, path: path, depth: depth, always: false)
        }
        return writer.bytes
    }

    // MARK: JSON values

    private static func integer(_ value: JSONValue, in range: ClosedRange<Int64>, type: String, path: String) throws(ProtoCodecError) -> Int64 {
        let number: Int64?
        switch value {
        case let .integer(whole): number = whole
        case let .number(real): number = real.rounded() == real && abs(real) < 9.2e18 ? Int64(real) : nil
        case let .string(text): number = Int64(text)
        default: number = nil
        }
        guard let number else { throw ProtoCodecError("expected an integer (\(type)), got \(kind(value))", at: path) }
        guard range.contains(number) else { throw ProtoCodecError("\(number) is out of \(type)'s range \(range.lowerBound)...\(range.upperBound)", at: path) }
        return number
    }

    private static func unsigned(_ value: JSONValue, type: String, path: String) throws(ProtoCodecError) -> UInt64 {
        switch value {
        case let .integer(whole) where whole >= 0: return UInt64(whole)
        case let .number(real) where real >= 0 && real.rounded() == real && real < 1.8e19: return UInt64(real)
        case let .string(text): if let number = UInt64(text) { return number }
        default: break
        }
        throw ProtoCodecError("expected a non-negative integer (\(type)), got \(kind(value))", at: path)
    }

    private static func double(_ value: JSONValue, type: String, path: String) throws(ProtoCodecError) -> Double {
        switch value {
        case let .integer(whole): return Double(whole)
        case let .number(real): return real
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case let .string(text): if let number = Double(text), number.isFinite { return number }
        default: break
        }
        throw ProtoCodecError("expected a number (\(type)), got \(kind(value))", at: path)
    }

    private static func base64(_ text: String) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard)
    }

    /// `a string "abc"`, `a number 12`, `an object`: what a value is, for errors.
    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(flag): return "\(flag)"
        case let .integer(number): return "the number \(number)"
        case let .number(number): return "the number \(number)"
        case let .string(text): return "the string " + ProtoJSONText.quoted(text.count > 40 ? String(text.prefix(40)) + "…" : text)
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
