import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ordered list of header fields with case-insensitive look-up; names keep the case they were given.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The fields in the order they were added, duplicates included.
    public private(set) var fields: [Header]

    /// Creates headers from fields, keeping their order.
    public init(_ fields: [Header] = []) { self.fields = fields }

    /// Creates headers from `"Name": "value"` pairs in source order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Header($0.0, $0.1) }
    }

    /// Creates headers from a list of fields.
    public init(arrayLiteral elements: Header...) { self.fields = elements }

    /// The combined value of every field with this name, joined with `, ` as RFC 9110 allows; `nil` when absent.
    ///
    /// `Set-Cookie` is the one header that cannot be combined, so its values are joined with a newline instead.
    public subscript(name: String) -> String? {
        let values = values(for: name)
        guard !values.isEmpty else { return nil }
        return values.joined(separator: name.caseInsensitiveCompare("Set-Cookie") == .orderedSame ? "\n" : ", ")
    }

    /// Every value given for a name, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// True when a field with this name is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Replaces every field with this name by one field, kept at the position of the first one.
    public mutating func set(_ name: String, _ value: String) {
        if let first = fields.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
            fields[first] = Header(name, value)
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if fields[index].name.caseInsensitiveCompare(name) == .orderedSame {
                    fields.remove(at: index)
                } else {
                    index = fields.index(after: index)
                }
            }
        } else {
            fields.append(Header(name, value))
        }
    }

    /// Appends a field, keeping any that already have this name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Header(name, value))
    }

    /// Removes every field with this name.
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Headers where each name in `other` replaces the same name here; new names are appended in `other`'s order.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var result = self
        var replaced = Set<String>()
        for field in other.fields {
            let key = field.name.lowercased()
            if replaced.contains(key) {
                result.add(field.name, field.value)
            } else {
                result.set(field.name, field.value)
                replaced.insert(key)
            }
        }
        return result
    }

    /// The number of fields, duplicates included.
    public var count: Int { fields.count }
    /// True when there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Header]> { fields.makeIterator() }

    /// One `Name: value` line per field.
    public var description: String { fields.map(\.description).joined(separator: "\n") }

    /// Headers from a Foundation response, sorted by name because Foundation does not keep the server's order.
    public init(response: HTTPURLResponse) {
        var pairs: [Header] = []
        for (key, value) in response.allHeaderFields {
            pairs.append(Header(String(describing: key), String(describing: value)))
        }
        self.fields = pairs.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }
}
