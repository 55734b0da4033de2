import ExplorerWorkspace
import Foundation
import Yams

/// Reads an OpenAPI or Swagger document, JSON or YAML, into located JSON values, so every error and report item can
/// name a line in either format.
package enum OpenAPIDocumentParser {
    /// More values than this (after YAML aliases are expanded) is refused: an alias bomb would otherwise build billions.
    package static let maximumValues = 5_000_000

    /// Parses `bytes`: JSON when the first character is `{` or `[`, YAML otherwise. Errors name `source` and the line.
    package static func parse(_ bytes: [UInt8], source: String) throws(ImportError) -> LocatedJSONValue {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") {
            return try LocatedJSONParser.parse(bytes, source: source)
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw ImportError(SourceLocation(file: source), "is not UTF-8 text; expected an OpenAPI description in YAML or JSON")
        }
        let node: Node?
        do {
            // No implicit tags: scalars are typed here from their style, which is faster than Yams's regular expressions.
            node = try Yams.compose(yaml: text, .basic, .default, .utf8)
        } catch let error as YamlError {
            let problem = CollectionFileParser.problem(from: error, file: source)
            throw ImportError(problem.location, problem.message)
        } catch {
            throw ImportError(SourceLocation(file: source), "invalid YAML: \(error)")
        }
        guard let node else { throw ImportError(SourceLocation(file: source, line: 1, column: 1), "the file is empty; expected an OpenAPI description") }
        var converter = Converter(source: source)
        return try converter.value(node, depth: 0)
    }

    /// Turns a Yams node tree into located values, counting them against `maximumValues`.
    private struct Converter {
        let source: String
        var count = 0

        mutating func value(_ node: Node, depth: Int) throws(ImportError) -> LocatedJSONValue {
            let line = node.mark?.line ?? 0, column = node.mark?.column ?? 0
            count += 1
            guard count <= OpenAPIDocumentParser.maximumValues else {
                throw ImportError(SourceLocation(file: source, line: line, column: column),
                                  "more than \(OpenAPIDocumentParser.maximumValues) values once aliases are expanded; not read")
            }
            guard depth < LocatedJSONParser.maximumDepth else {
                throw ImportError(SourceLocation(file: source, line: line, column: column),
                                  "nested more than \(LocatedJSONParser.maximumDepth) deep; not read")
            }
            switch node {
            case let .scalar(scalar):
                return LocatedJSONValue(kind: Self.kind(of: scalar), line: line, column: column)
            case let .sequence(sequence):
                var items: [LocatedJSONValue] = []
                items.reserveCapacity(sequence.count)
                for item in sequence { items.append(try value(item, depth: depth + 1)) }
                return LocatedJSONValue(kind: .array(items), line: line, column: column)
            case let .mapping(mapping):
                var members: [(key: String, value: LocatedJSONValue)] = []
                members.reserveCapacity(mapping.count)
                for (key, item) in mapping {
                    guard case let .scalar(keyScalar) = key else {
                        throw ImportError(SourceLocation(file: source, line: key.mark?.line ?? line, column: key.mark?.column ?? column),
                                          "a mapping key must be text, found a mapping or a sequence")
                    }
                    members.append((keyScalar.string, try value(item, depth: depth + 1)))
                }
                return LocatedJSONValue(kind: .object(members), line: line, column: column)
            case let .alias(alias):
                return LocatedJSONValue(kind: .string(alias.anchor.rawValue), line: line, column: column)
            }
        }

        /// A plain scalar is typed as YAML 1.2's core schema types it; a quoted or block one is always text.
        static func kind(of scalar: Node.Scalar) -> LocatedJSONValue.Kind {
            let text = scalar.string
            guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
            return isNumber(text) ? .number(text) : .string(text)
        }

        /// True for text JSON reads as a number (YAML's `+1`, `0x1F`, `.inf` stay text, which examples rarely use).
        static func isNumber(_ text: String) -> Bool {
            var bytes = Substring(text).utf8[...]
            if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            func digits() -> Int {
                let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
                bytes = bytes.dropFirst(count)
                return count
            }
            let whole = digits()
            guard whole > 0 else { return false }
            if whole > 1, text.utf8.first(where: { $0 != UInt8(ascii: "-") }) == UInt8(ascii: "0") { return false }
            if bytes.first == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
                guard digits() > 0 else { return false }
            }
            if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
                bytes = bytes.dropFirst()
                if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
                guard digits() > 0 else { return false }
            }
            return bytes.isEmpty
        }
    }
}
