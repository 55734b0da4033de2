import Foundation

/// Decodes protobuf's binary format into proto3's JSON mapping from a schema's descriptors: 64-bit integers as
/// strings, enums by name, bytes as base64, the well-known types in their own forms, defaults left out; fields the
/// schema lacks are reported, not dropped silently.
public struct ProtoMessageDecoder: Sendable {
    /// The descriptors messages are decoded with.
    public let schema: ProtoSchema
    /// Messages nested deeper than this are refused (a hostile reply cannot exhaust the stack).
    public static let depthLimit = 100

    /// A decoder for `schema`'s messages.
    public init(schema: ProtoSchema) { self.schema = schema }

    /// `bytes` as a message of type `typeName` (`shop.v1.Item`).
    public func decode(_ bytes: [UInt8], as typeName: String) throws(ProtoCodecError) -> ProtoDecodedMessage {
        guard let type = schema.messages[ProtoSchema.resolved(typeName)] else {
            throw ProtoCodecError("no message type \"\(typeName)\" in the schema", at: "$")
        }
        var run = Run(schema: schema, bytes: bytes)
        let json = try run.message(type, range: 0..<bytes.count, path: "$", depth: 0)
        return ProtoDecodedMessage(json: json, unknownFields: run.unknown)
    }

    private struct Run {
        let schema: ProtoSchema
        let bytes: [UInt8]
        var unknown: [String] = []

        mutating func message(_ type: ProtoMessageType, range: Range<Int>, path: String, depth: Int) throws(ProtoCodecError) -> String {
            guard depth < ProtoMessageDecoder.depthLimit else {
                throw ProtoCodecError("messages are nested more than \(ProtoMessageDecoder.depthLimit) deep", at: path)
            }
            let (values, lastOfOneof) = try fieldValues(type, range: range, path: path)
            if let special = try wellKnown(type, values: values, path: path, depth: depth) { return special }
            return "{" + (try members(type, values: values, lastOfOneof: lastOfOneof, path: path, depth: depth)).joined(separator: ",") + "}"
        }

        /// Each known field's values in wire order, and the member of each oneof that came last (the one that counts).
        private mutating func fieldValues(_ type: ProtoMessageType, range: Range<Int>, path: String) throws(ProtoCodecError)
            -> ([Int32: [ProtoWireReader.Value]], [String: Int32]) {
            var reader = ProtoWireReader(bytes, range: range)
            var values: [Int32: [ProtoWireReader.Value]] = [:]
            var lastOfOneof: [String: Int32] = [:]
            do {
                while let (number, wireType) = try reader.tag() {
                    let value = try reader.value(wireType: wireType, number: number)
                    guard let field = type.field(number: number) else {
                        unknown.append("\(path): field \(number) (\(Self.wireName(wireType))) is not in \(type.fullName)")
                        continue
                    }
                    let packed = field.isRepeated && field.type.isPackable && wireType == 2
                    guard let value, wireType == field.type.wireType || packed else {
                        unknown.append("\(path).\(field.jsonName): field \(number) came as \(Self.wireName(wireType)), "
                            + "not as its type \(field.type.protoName) is written")
                        continue
                    }
                    values[number, default: []].append(value)
                    if let oneof = field.oneof { lastOfOneof[oneof] = number }
                }
            } catch {
                throw error.at(path)
            }
            return (values, lastOfOneof)
        }

        private mutating func members(_ type: ProtoMessageType, values: [Int32: [ProtoWireReader.Value]], lastOfOneof: [String: Int32],
                                      path: String, depth: Int) throws(ProtoCodecError) -> [String] {
            var members: [String] = []
            for field in type.fields {
                guard let found = values[field.number] else { continue }
                if let oneof = field.oneof, lastOfOneof[oneof] != field.number { continue }
                let fieldPath = path + "." + field.jsonName
                if let json = try fieldJSON(field, values: found, path: fieldPath, depth: depth) {
                    members.append(ProtoJSONText.quoted(field.jsonName) + ":" + json)
                }
            }
            return members
        }

        /// A field's JSON; nil for a default the mapping leaves out.
        private mutating func fieldJSON(_ field: ProtoField, values: [ProtoWireReader.Value], path: String, depth: Int) throws(ProtoCodecError) -> String? {
            if let entry = field.mapEntry {
                // A key sent twice keeps its last value (protobuf's rule), in the place it first came.
                var keys: [String] = []
                var members: [String: String] = [:]
                for case let .bytes(range) in values {
                    let (key, value) = try mapEntry(entry, range: range, path: path, depth: depth)
                    if members.updateValue(value, forKey: key) == nil { keys.append(key) }
                }
                return "{" + keys.map { ProtoJSONText.quoted($0) + ":" + (members[$0] ?? "null") }.joined(separator: ",") + "}"
            }
            if field.isRepeated {
                var items: [String] = []
                for value in values {
                    if case let .bytes(range) = value, field.type.isPackable {
                        items += try packed(field.type, range: range, path: path)
                    } else {
                        items.append(try single(field.type, value, path: path + "[\(items.count)]", depth: depth))
                    }
                }
                return "[" + items.joined(separator: ",") + "]"
            }
            if case .message = field.type {
                return try merged(field.type, ranges: values.compactMap { if case let .bytes(range) = $0 { range } else { nil } },
                                  path: path, depth: depth)
            }
            guard let last = values.last else { return nil }
            if !field.hasPresence, isDefault(last) { return nil }
            return try single(field.type, last, path: path, depth: depth)
        }

        /// A message sent in several pieces (a field or map value repeated on the wire) as one: protobuf merges them,
        /// which is what decoding them concatenated does.
        private mutating func merged(_ type: ProtoFieldType, ranges: [Range<Int>], path: String, depth: Int) throws(ProtoCodecError) -> String {
            if ranges.count == 1, let range = ranges.first { return try single(type, .bytes(range), path: path, depth: depth) }
            let joined = ranges.flatMap { Array(bytes[$0]) }
            var inner = Run(schema: schema, bytes: joined)
            let json = try inner.single(type, .bytes(0..<joined.count), path: path, depth: depth)
            unknown += inner.unknown
            return json
        }

        private func isDefault(_ value: ProtoWireReader.Value) -> Bool {
            switch value {
            case let .varint(number): return number == 0
            case let .fixed64(number): return number == 0
            case let .fixed32(number): return number == 0
            case let .bytes(range): return range.isEmpty
            }
        }

        private mutating func mapEntry(_ entry: ProtoField.MapEntry, range: Range<Int>, path: String, depth: Int) throws(ProtoCodecError) -> (String, String) {
            var reader = ProtoWireReader(bytes, range: range)
            var key: ProtoWireReader.Value?
            var value: ProtoWireReader.Value?
            var valueRanges: [Range<Int>] = []
            do {
                while let (number, wireType) = try reader.tag() {
                    let read = try reader.value(wireType: wireType, number: number)
                    if number == 1, wireType == entry.key.wireType { key = read } else if number == 2, wireType == entry.value.wireType {
                        value = read
                        if case let .bytes(range)? = read { valueRanges.append(range) }
                    } else {
                        unknown.append("\(path): a map entry has field \(number) (\(Self.wireName(wireType)))")
                    }
                }
            } catch {
                throw error.at(path)
            }
            let keyText: String
            switch key {
            case nil: keyText = entry.key == .string ? "" : entry.key == .bool ? "false" : "0"
            case let .bytes(range)?: keyText = string(range, path: path)
            case let read?:
                let json = try single(entry.key, read, path: path, depth: depth)
                keyText = json.hasPrefix("\"") ? String(json.dropFirst().dropLast()) : json
            }
            let valuePath = path + "[" + ProtoJSONText.quoted(keyText) + "]"
            if case .message = entry.value { return (keyText, try merged(entry.value, ranges: valueRanges, path: valuePath, depth: depth)) }
            return (keyText, try single(entry.value, value ?? defaultValue(entry.value), path: valuePath, depth: depth))
        }

        private func defaultValue(_ type: ProtoFieldType) -> ProtoWireReader.Value {
            switch type.wireType {
            case 1: return .fixed64(0)
            case 5: return .fixed32(0)
            case 2: return .bytes(0..<0)
            default: return .varint(0)
            }
        }

        private mutating func packed(_ type: ProtoFieldType, range: Range<Int>, path: String) throws(ProtoCodecError) -> [String] {
            var reader = ProtoWireReader(bytes, range: range)
            var items: [String] = []
            do {
                while !reader.isAtEnd {
                    let value: ProtoWireReader.Value
                    switch type.wireType {
                    case 1: value = .fixed64(try reader.fixed64())
                    case 5: value = .fixed32(try reader.fixed32())
                    default: value = .varint(try reader.varint())
                    }
                    items.append(try single(type, value, path: path, depth: 0))
                }
            } catch {
                throw error.at(path)
            }
            return items
        }

        /// One value of `type` as JSON.
        mutating func single(_ type: ProtoFieldType, _ value: ProtoWireReader.Value, path: String, depth: Int) throws(ProtoCodecError) -> String {
            switch (type, value) {
            case let (.double, .fixed64(bits)): return ProtoJSONText.number(Double(bitPattern: bits))
            case let (.float, .fixed32(bits)): return ProtoJSONText.number(Float(bitPattern: bits))
            case let (.int64, .varint(raw)): return "\"\(Int64(bitPattern: raw))\""
            case let (.uint64, .varint(raw)): return "\"\(raw)\""
            case let (.int32, .varint(raw)): return "\(Int32(truncatingIfNeeded: raw))"
            case let (.fixed64, .fixed64(raw)): return "\"\(raw)\""
            case let (.fixed32, .fixed32(raw)): return "\(raw)"
            case let (.bool, .varint(raw)): return raw != 0 ? "true" : "false"
            case let (.uint32, .varint(raw)): return "\(UInt32(truncatingIfNeeded: raw))"
            case let (.sfixed32, .fixed32(raw)): return "\(Int32(bitPattern: raw))"
            case let (.sfixed64, .fixed64(raw)): return "\"\(Int64(bitPattern: raw))\""
            case let (.sint32, .varint(raw)): return "\(Int32(truncatingIfNeeded: ProtoWireWriter.unZigZag(raw)))"
            case let (.sint64, .varint(raw)): return "\"\(ProtoWireWriter.unZigZag(raw))\""
            case let (.string, .bytes(range)): return ProtoJSONText.quoted(string(range, path: path))
            case let (.bytes, .bytes(range)): return "\"" + Data(bytes[range]).base64EncodedString() + "\""
            case let (.enumeration(name), .varint(raw)):
                let number = Int32(truncatingIfNeeded: raw)
                if name == ProtoWellKnown.nullValue { return "null" }
                if let label = schema.enums[name]?.name(of: number) { return ProtoJSONText.quoted(label) }
                return "\(number)"
            case let (.message(name), .bytes(range)):
                guard let type = schema.messages[name] else {
                    unknown.append("\(path): message type \(name) is not in the schema; its \(range.count) bytes are shown as base64")
                    return "\"" + Data(bytes[range]).base64EncodedString() + "\""
                }
                return try message(type, range: range, path: path, depth: depth + 1)
            default:
                unknown.append("\(path): a \(type.protoName) value came in a form it cannot have")
                return "null"
            }
        }

        private mutating func string(_ range: Range<Int>, path: String) -> String {
            let slice = bytes[range]
            if let text = String(validating: slice, as: UTF8.self) { return text }
            unknown.append("\(path): the string is not valid UTF-8; invalid bytes are shown as U+FFFD")
            return String(decoding: slice, as: UTF8.self)
        }

        // MARK: Well-known types

        private mutating func wellKnown(_ type: ProtoMessageType, values: [Int32: [ProtoWireReader.Value]], path: String, depth: Int) throws(ProtoCodecError) -> String? {
            func varint(_ number: Int32) -> UInt64 {
                if case let .varint(raw)? = values[number]?.last { return raw }
                return 0
            }
            switch type.fullName {
            case ProtoWellKnown.timestamp:
                let seconds = Int64(bitPattern: varint(1)), nanos = Int32(truncatingIfNeeded: varint(2))
                guard let text = ProtoTime.timestamp(seconds: seconds, nanos: nanos) else {
                    throw ProtoCodecError("the timestamp \(seconds) s \(nanos) ns is outside 0001-01-01 to 9999-12-31", at: path)
                }
                return "\"\(text)\""
            case ProtoWellKnown.duration:
                let seconds = Int64(bitPattern: varint(1)), nanos = Int32(truncatingIfNeeded: varint(2))
                guard let text = ProtoTime.duration(seconds: seconds, nanos: nanos) else {
                    throw ProtoCodecError("the duration \(seconds) s \(nanos) ns is out of range or mixes signs", at: path)
                }
                return "\"\(text)\""
            case ProtoWellKnown.structType, ProtoWellKnown.listValue:
                guard let field = type.field(number: 1) else { return nil }
                let empty = type.fullName == ProtoWellKnown.listValue ? "[]" : "{}"
                guard let found = values[1] else { return empty }
                return try fieldJSON(field, values: found, path: path, depth: depth) ?? empty
            case ProtoWellKnown.value:
                var last: (ProtoField, ProtoWireReader.Value)?
                for field in type.fields { if let value = values[field.number]?.last { last = (field, value) } }
                guard let (field, value) = last else {
                    unknown.append("\(path): a google.protobuf.Value with no kind set is shown as null")
                    return "null"
                }
                if field.number == 1 { return "null" }
                return try single(field.type, value, path: path, depth: depth)
            case ProtoWellKnown.fieldMask:
                let paths = (values[1] ?? []).compactMap { value -> String? in
                    guard case let .bytes(range) = value else { return nil }
                    return ProtoWellKnown.camelPath(string(range, path: path))
                }
                return ProtoJSONText.quoted(paths.joined(separator: ","))
            case ProtoWellKnown.any:
                return try any(values: values, path: path, depth: depth)
            default:
                guard ProtoWellKnown.wrappers.contains(type.fullName), let field = type.field(number: 1) else { return nil }
                return try single(field.type, values[1]?.last ?? defaultValue(field.type), path: path, depth: depth)
            }
        }

        private mutating func any(values: [Int32: [ProtoWireReader.Value]], path: String, depth: Int) throws(ProtoCodecError) -> String {
            var url = ""
            if case let .bytes(range)? = values[1]?.last { url = string(range, path: path) }
            var content = 0..<0
            if case let .bytes(range)? = values[2]?.last { content = range }
            if url.isEmpty, content.isEmpty { return "{}" }
            let name = url.split(separator: "/").last.map(String.init) ?? url
            guard let inner = schema.messages[name] else {
                unknown.append("\(path): the Any holds \(name), which is not in the schema; its bytes are under \"@value\"")
                return "{\"@type\":" + ProtoJSONText.quoted(url) + ",\"@value\":\"" + Data(bytes[content]).base64EncodedString() + "\"}"
            }
            let json = try message(inner, range: content, path: path, depth: depth + 1)
            if ProtoWellKnown.hasSpecialJSON(name) { return "{\"@type\":" + ProtoJSONText.quoted(url) + ",\"value\":" + json + "}" }
            let body = json.dropFirst().dropLast()
            return "{\"@type\":" + ProtoJSONText.quoted(url) + (body.isEmpty ? "" : "," + body) + "}"
        }

        private static func wireName(_ wireType: Int) -> String {
            switch wireType {
            case 0: return "varint"
            case 1: return "64-bit"
            case 2: return "length-delimited"
            case 3: return "group"
            case 5: return "32-bit"
            default: return "wire type \(wireType)"
            }
        }
    }
}
