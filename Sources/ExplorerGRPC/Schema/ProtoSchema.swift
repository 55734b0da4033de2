import Foundation
import SwiftProtobuf

/// The message, enum and service descriptors of a set of `.proto` files, from a descriptor set (`protoc
/// --descriptor_set_out --include_imports`) or server reflection, looked up by full name.
public struct ProtoSchema: Sendable {
    /// Message types by full name (`shop.v1.Item`).
    public private(set) var messages: [String: ProtoMessageType] = [:]
    /// Enum types by full name.
    public private(set) var enums: [String: ProtoEnumType] = [:]
    /// Services in the order their files declare them.
    public private(set) var services: [ProtoService] = []
    /// The files' names (`shop.proto`), in the order they were given.
    public private(set) var fileNames: [String] = []
    private var files: [Google_Protobuf_FileDescriptorProto] = []

    /// The schema of a serialized `FileDescriptorSet`.
    public init(descriptorSet: Data) throws(ProtoSchemaError) {
        let set: Google_Protobuf_FileDescriptorSet
        do { set = try Google_Protobuf_FileDescriptorSet(serializedBytes: descriptorSet) } catch {
            throw ProtoSchemaError("not a protobuf descriptor set (\(error)); make one with protoc --include_imports --descriptor_set_out=FILE")
        }
        self.init(files: set.file)
    }

    /// The schema of serialized `FileDescriptorProto`s, as server reflection returns them.
    public init(fileDescriptors: [Data]) throws(ProtoSchemaError) {
        var files: [Google_Protobuf_FileDescriptorProto] = []
        for bytes in fileDescriptors {
            do { files.append(try Google_Protobuf_FileDescriptorProto(serializedBytes: bytes)) } catch {
                throw ProtoSchemaError("the server sent a file descriptor that does not parse (\(error))")
            }
        }
        self.init(files: files)
    }

    init(files: [Google_Protobuf_FileDescriptorProto]) {
        var seen = Set<String>()
        for file in files where seen.insert(file.name).inserted {
            self.files.append(file)
            fileNames.append(file.name)
            let prefix = file.package.isEmpty ? "" : file.package + "."
            let proto3 = file.syntax == "proto3" || file.syntax == "editions"
            for message in file.messageType { add(message, prefix: prefix, proto3: proto3) }
            for type in file.enumType { add(type, prefix: prefix) }
            for service in file.service {
                let name = prefix + service.name
                services.append(ProtoService(fullName: name, methods: service.method.map {
                    ProtoMethod(service: name, name: $0.name, inputType: Self.resolved($0.inputType), outputType: Self.resolved($0.outputType),
                                clientStreaming: $0.clientStreaming, serverStreaming: $0.serverStreaming)
                }))
            }
        }
        // Map fields point at their entry types, known only once every file was read.
        for (name, message) in messages {
            var fields = message.fields
            for index in fields.indices {
                guard case let .message(entryName) = fields[index].type, let entry = messages[entryName], entry.isMapEntry,
                      let key = entry.field(number: 1), let value = entry.field(number: 2) else { continue }
                fields[index].mapEntry = ProtoField.MapEntry(key: key.type, value: value.type)
            }
            messages[name] = ProtoMessageType(fullName: message.fullName, fields: fields, isMapEntry: message.isMapEntry)
        }
    }

    /// The serialized `FileDescriptorSet` of every file, as a cache keeps it.
    public func descriptorSet() -> Data {
        var set = Google_Protobuf_FileDescriptorSet()
        set.file = files
        return (try? set.serializedData()) ?? Data()
    }

    /// Each file's name and serialized `FileDescriptorProto`, as reflection sends them.
    package func fileDescriptors() throws -> [(name: String, bytes: [UInt8])] {
        try files.map { (name: $0.name, bytes: [UInt8](try $0.serializedBytes() as Data)) }
    }

    /// Every method of every service.
    public var methods: [ProtoMethod] { services.flatMap(\.methods) }

    /// The method `shop.v1.Inventory/GetItem` (or `shop.v1.Inventory.GetItem`); a clear error naming what exists when
    /// there is none.
    public func method(_ reference: String) throws(ProtoSchemaError) -> ProtoMethod {
        let trimmed = reference.hasPrefix("/") ? String(reference.dropFirst()) : reference
        var service = "", name = ""
        if let slash = trimmed.lastIndex(of: "/") {
            service = String(trimmed[..<slash])
            name = String(trimmed[trimmed.index(after: slash)...])
        } else if let dot = trimmed.lastIndex(of: ".") {
            service = String(trimmed[..<dot])
            name = String(trimmed[trimmed.index(after: dot)...])
        }
        guard let found = services.first(where: { $0.fullName == service }) else {
            let known = services.map(\.fullName).joined(separator: ", ")
            throw ProtoSchemaError("no service \"\(service.isEmpty ? trimmed : service)\" in the schema (services: \(known.isEmpty ? "none" : known))")
        }
        guard let method = found.methods.first(where: { $0.name == name }) else {
            throw ProtoSchemaError("no method \"\(name)\" in \(service) (methods: \(found.methods.map(\.name).joined(separator: ", ")))")
        }
        return method
    }

    /// The message type named `name` (a leading dot is allowed).
    public func message(_ name: String) throws(ProtoSchemaError) -> ProtoMessageType {
        guard let type = messages[Self.resolved(name)] else { throw ProtoSchemaError("no message type \"\(name)\" in the schema") }
        return type
    }

    /// The names of the files a symbol's file needs that the schema lacks; empty when it is complete.
    public var missingDependencies: [String] {
        let have = Set(fileNames)
        return Array(Set(files.flatMap(\.dependency)).subtracting(have)).sorted()
    }

    static func resolved(_ typeName: String) -> String {
        typeName.hasPrefix(".") ? String(typeName.dropFirst()) : typeName
    }

    private mutating func add(_ message: Google_Protobuf_DescriptorProto, prefix: String, proto3: Bool) {
        let fullName = prefix + message.name
        let fields = message.field.map { field -> ProtoField in
            let repeated = field.label == .repeated
            let type = Self.type(of: field)
            let oneof = field.hasOneofIndex && !field.proto3Optional && Int(field.oneofIndex) < message.oneofDecl.count
                ? message.oneofDecl[Int(field.oneofIndex)].name : nil
            let packed = repeated && type.isPackable && (field.options.hasPacked ? field.options.packed : proto3)
            let presence = !repeated && (oneof != nil || field.proto3Optional || !proto3 || { if case .message = type { true } else { false } }())
            return ProtoField(name: field.name, jsonName: field.hasJsonName ? field.jsonName : Self.camelCase(field.name),
                              number: field.number, type: type, isRepeated: repeated, isPacked: packed, oneof: oneof,
                              hasPresence: presence, mapEntry: nil)
        }
        messages[fullName] = ProtoMessageType(fullName: fullName, fields: fields, isMapEntry: message.options.mapEntry)
        for nested in message.nestedType { add(nested, prefix: fullName + ".", proto3: proto3) }
        for type in message.enumType { add(type, prefix: fullName + ".") }
    }

    private mutating func add(_ type: Google_Protobuf_EnumDescriptorProto, prefix: String) {
        let fullName = prefix + type.name
        enums[fullName] = ProtoEnumType(fullName: fullName, values: type.value.map { (name: $0.name, number: $0.number) })
    }

    private static func type(of field: Google_Protobuf_FieldDescriptorProto) -> ProtoFieldType {
        switch field.type {
        case .double: return .double
        case .float: return .float
        case .int64: return .int64
        case .uint64: return .uint64
        case .int32: return .int32
        case .fixed64: return .fixed64
        case .fixed32: return .fixed32
        case .bool: return .bool
        case .string: return .string
        case .bytes: return .bytes
        case .uint32: return .uint32
        case .sfixed32: return .sfixed32
        case .sfixed64: return .sfixed64
        case .sint32: return .sint32
        case .sint64: return .sint64
        case .enum: return .enumeration(resolved(field.typeName))
        case .group: return .group(resolved(field.typeName))
        case .message: return .message(resolved(field.typeName))
        }
    }

    /// protoc's json_name rule: underscores dropped, the letter after each upper-cased.
    static func camelCase(_ name: String) -> String {
        var out = ""
        var upper = false
        for character in name {
            if character == "_" { upper = true; continue }
            out.append(upper ? Character(character.uppercased()) : character)
            upper = false
        }
        return out
    }
}
