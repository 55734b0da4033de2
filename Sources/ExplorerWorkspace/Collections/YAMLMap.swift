import ExplorerCore
import Foundation
import Yams

/// A YAML mapping read with typed accessors whose errors name the file, line and column.
package struct YAMLMap {
    let node: Node
    let mapping: Node.Mapping
    let file: String

    /// Wraps `node`, failing with its location when it is not a mapping.
    init(_ node: Node, file: String, what: String) throws(CollectionProblem) {
        guard case let .mapping(mapping) = node else {
            throw CollectionProblem(YAMLMap.location(of: node, in: file), "expected \(what) to be a mapping of keys to values, found \(YAMLMap.kind(of: node))")
        }
        self.node = node
        self.mapping = mapping
        self.file = file
    }

    static func location(of node: Node?, in file: String) -> SourceLocation {
        SourceLocation(file: file, line: node?.mark?.line ?? 0, column: node?.mark?.column ?? 0)
    }

    static func kind(of node: Node) -> String {
        switch node {
        case let .scalar(scalar): return scalar.string.isEmpty ? "an empty value" : "the text '\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// The keys in file order.
    package var keys: [String] { mapping.keys.compactMap(\.string) }

    /// The value node for `key`, found by comparing key text: subscripting hashes nodes, which costs far more than
    /// scanning the handful of keys a collection file has.
    func node(_ key: String) -> Node? {
        mapping.first { $0.key.string == key }?.value
    }

    /// Where `key` is written, or the mapping itself when it is absent.
    func location(_ key: String) -> SourceLocation {
        let keyNode = mapping.keys.first { $0.string == key }
        return YAMLMap.location(of: keyNode ?? node, in: file)
    }

    /// Warnings for keys the format does not know, which would otherwise be dropped silently.
    func unknownKeys(allowed: [String], in what: String) -> [CollectionProblem] {
        mapping.keys.compactMap { key -> CollectionProblem? in
            guard let name = key.string, !allowed.contains(name) else { return nil }
            let suggestion = YAMLMap.suggestion(for: name, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
            return CollectionProblem(YAMLMap.location(of: key, in: file),
                                     "unknown key '\(name)' in \(what)\(suggestion); expected one of: \(allowed.joined(separator: ", "))",
                                     isWarning: true)
        }
    }

    /// The allowed key `name` is most likely a misspelling of: same letters in another case, or at most two edits away.
    static func suggestion(for name: String, in allowed: [String]) -> String? {
        let lower = name.lowercased()
        if let exact = allowed.first(where: { $0.lowercased() == lower }) { return exact }
        let scored = allowed.map { ($0, editDistance(Array(lower), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, lower.count / 3)) else { return nil }
        return best.0
    }

    /// The Levenshtein distance between two strings.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// A text value; numbers and booleans are taken as their text.
    package func string(_ key: String) throws(CollectionProblem) -> String? {
        guard let value = node(key) else { return nil }
        guard case let .scalar(scalar) = value else {
            throw CollectionProblem(YAMLMap.location(of: value, in: file), "expected '\(key)' to be text, found \(YAMLMap.kind(of: value))")
        }
        if scalar.tag.description == Tag.Name.null.rawValue || (scalar.style == .plain && ["~", "null", "Null", "NULL", ""].contains(scalar.string)) {
            return nil
        }
        return scalar.string
    }

    /// A required text value.
    func requiredString(_ key: String, in what: String) throws(CollectionProblem) -> String {
        guard let value = try string(key) else {
            throw CollectionProblem(location(key), "missing '\(key)' in \(what)")
        }
        return value
    }

    /// A `true`/`false` value.
    func bool(_ key: String) throws(CollectionProblem) -> Bool? {
        guard let text = try string(key) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            throw CollectionProblem(YAMLMap.location(of: node(key), in: file), "expected '\(key)' to be true or false, found '\(text)'")
        }
    }

    /// A number.
    package func double(_ key: String) throws(CollectionProblem) -> Double? {
        guard let text = try string(key) else { return nil }
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw CollectionProblem(YAMLMap.location(of: node(key), in: file), "expected '\(key)' to be a number of seconds, found '\(text)'")
        }
        return value
    }

    /// The items of a list (an absent key is an empty list).
    func list(_ key: String) throws(CollectionProblem) -> [Node] {
        guard let value = node(key) else { return [] }
        if case let .scalar(scalar) = value, scalar.string.isEmpty || scalar.string == "null" { return [] }
        guard case let .sequence(sequence) = value else {
            throw CollectionProblem(YAMLMap.location(of: value, in: file), "expected '\(key)' to be a list (items starting with '- '), found \(YAMLMap.kind(of: value))")
        }
        return Array(sequence)
    }

    /// A nested mapping.
    package func map(_ key: String) throws(CollectionProblem) -> YAMLMap? {
        guard let value = node(key) else { return nil }
        return try YAMLMap(value, file: file, what: "'\(key)'")
    }
}
