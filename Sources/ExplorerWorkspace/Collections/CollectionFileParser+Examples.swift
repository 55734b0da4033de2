import ExplorerCore
import Foundation
import Yams

/// A request's `examples:`: saved responses, each a status, headers (a mapping of names to text) and a body.
extension CollectionFileParser {
    /// The keys of one example, in the order a file writes them.
    static let exampleKeys = ["name", "status", "headers", "body"]

    mutating func examples(_ map: YAMLMap) throws(CollectionProblem) -> [RequestExample] {
        var examples: [RequestExample] = []
        for item in try map.list("examples") {
            let entry = try YAMLMap(item, file: file, what: "an example")
            warnings += entry.unknownKeys(allowed: CollectionFileParser.exampleKeys, in: "an example")
            let statusText = try entry.requiredString("status", in: "an example")
            guard let status = Int(statusText), (100...599).contains(status) else {
                throw CollectionProblem(YAMLMap.location(of: entry.node("status"), in: file),
                                        "expected an example's 'status' to be a status code from 100 to 599, found '\(statusText)'")
            }
            let name = try entry.string("name")
            if let name, examples.contains(where: { $0.name == name }) {
                throw CollectionProblem(entry.location("name"), "duplicate example name '\(name)'")
            }
            examples.append(RequestExample(name: name, status: status, headers: try exampleHeaders(entry), body: try exampleBody(entry)))
        }
        return examples
    }

    /// `headers:` as a mapping of header names to text, in file order.
    private func exampleHeaders(_ entry: YAMLMap) throws(CollectionProblem) -> [KeyValue] {
        guard let headers = try entry.map("headers") else { return [] }
        var result: [KeyValue] = []
        for (key, value) in headers.mapping {
            guard let name = key.string, KeyValue.isValidHeaderName(name) else {
                throw CollectionProblem(YAMLMap.location(of: key, in: file), "'\(key.string ?? "")' is not a valid header name (no spaces or colons)")
            }
            guard case let .scalar(scalar) = value else {
                throw CollectionProblem(YAMLMap.location(of: value, in: file), "expected header '\(name)' to be text, found \(YAMLMap.kind(of: value))")
            }
            guard !scalar.string.contains(where: { $0 == "\n" || $0 == "\r" }) else {
                throw CollectionProblem(YAMLMap.location(of: value, in: file), "header '\(name)' holds a line break, which no header can")
            }
            result.append(KeyValue(name, scalar.string))
        }
        return result
    }

    /// `body:` as text, or a mapping or list written in YAML as its JSON text.
    private func exampleBody(_ entry: YAMLMap) throws(CollectionProblem) -> String {
        guard let node = entry.node("body") else { return "" }
        if case .scalar = node { return try entry.string("body") ?? "" }
        return try CollectionFileParser.json(node, file: file, indent: "")
    }

    /// `node` as pretty-printed JSON: plain scalars that read as numbers, booleans or null are those; the rest text.
    static func json(_ node: Node, file: String, indent: String) throws(CollectionProblem) -> String {
        let inner = indent + "  "
        switch node {
        case let .scalar(scalar):
            guard scalar.style == .plain else { return JSONValue.quoted(scalar.string) }
            switch scalar.string {
            case "null", "Null", "NULL", "~", "": return "null"
            case "true", "True", "TRUE": return "true"
            case "false", "False", "FALSE": return "false"
            default:
                return isJSONNumber(scalar.string) ? scalar.string : JSONValue.quoted(scalar.string)
            }
        case let .mapping(mapping):
            guard !mapping.isEmpty else { return "{}" }
            var members: [String] = []
            for (key, value) in mapping {
                guard let name = key.string else {
                    throw CollectionProblem(YAMLMap.location(of: key, in: file), "a JSON body's keys must be text")
                }
                members.append(inner + JSONValue.quoted(name) + ": " + (try json(value, file: file, indent: inner)))
            }
            return "{\n" + members.joined(separator: ",\n") + "\n" + indent + "}"
        case let .sequence(sequence):
            guard !sequence.isEmpty else { return "[]" }
            var items: [String] = []
            for item in sequence { items.append(inner + (try json(item, file: file, indent: inner))) }
            return "[\n" + items.joined(separator: ",\n") + "\n" + indent + "]"
        case .alias:
            throw CollectionProblem(YAMLMap.location(of: node, in: file), "aliases are not supported in an example's body")
        }
    }

    /// True for text JSON reads as a number (`-1`, `2.5`, `1e3`), not YAML's other spellings (`0x1F`, `.inf`).
    private static func isJSONNumber(_ text: String) -> Bool {
        text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }
}
