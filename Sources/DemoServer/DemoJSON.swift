import ExplorerCore
import ExplorerWorkspace
import Foundation

/// A JSON value whose objects keep their key order, so demo responses read the same every time.
enum DemoJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([DemoJSON])
    case object([(String, DemoJSON)])

    static func == (lhs: DemoJSON, rhs: DemoJSON) -> Bool { lhs.encoded() == rhs.encoded() }

    /// Parses a request body; nil when it is not JSON.
    static func parse(_ data: Data) -> DemoJSON? {
        try? JSONDecoder().decode(DemoJSON.self, from: data)
    }

    /// The value of `key` when this is an object.
    subscript(key: String) -> DemoJSON? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// A copy of this object with `key` set, kept in place when it exists and appended when it does not.
    func setting(_ key: String, _ value: DemoJSON) -> DemoJSON {
        guard case var .object(pairs) = self else { return self }
        if let index = pairs.firstIndex(where: { $0.0 == key }) {
            pairs[index].1 = value
        } else {
            pairs.append((key, value))
        }
        return .object(pairs)
    }

    /// Compact JSON text.
    func encoded() -> String {
        switch self {
        case .null: return "null"
        case let .bool(value): return value ? "true" : "false"
        case let .number(text): return text
        case let .string(text): return JSONValue.quoted(text)
        case let .array(items): return "[" + items.map { $0.encoded() }.joined(separator: ",") + "]"
        case let .object(pairs): return "{" + pairs.map { JSONValue.quoted($0.0) + ":" + $0.1.encoded() }.joined(separator: ",") + "}"
        }
    }
}

extension DemoJSON: Decodable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            // Decoders do not keep key order, so sort for stable output.
            self = .object(try object.allKeys.map(\.stringValue).sorted().map { key in
                (key, try object.decode(DemoJSON.self, forKey: AnyKey(stringValue: key)))
            })
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [DemoJSON] = []
            while !array.isAtEnd { items.append(try array.decode(DemoJSON.self)) }
            self = .array(items)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let int = try? single.decode(Int.self) {
                self = .number(String(int))
            } else if let double = try? single.decode(Double.self) {
                self = .number(String(double))
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}

extension DemoJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(String(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
}
