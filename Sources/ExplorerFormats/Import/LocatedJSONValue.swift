/// A JSON value that remembers where it starts, so importers can name the line of a value they reject.
package struct LocatedJSONValue: Sendable {
    /// What the value is.
    package enum Kind: Sendable {
        case object([(key: String, value: LocatedJSONValue)])
        case array([LocatedJSONValue])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    /// The value.
    package var kind: Kind
    /// 1-based line of its first character.
    package var line: Int
    /// 1-based column of its first character.
    package var column: Int

    /// `an object`, `a string`… for error messages.
    package var kindName: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// The members of an object, else nil.
    package var members: [(key: String, value: LocatedJSONValue)]? {
        if case let .object(members) = kind { return members }
        return nil
    }

    /// The items of an array, else nil.
    package var items: [LocatedJSONValue]? {
        if case let .array(items) = kind { return items }
        return nil
    }

    /// The member `key` of an object (the last one, as JSON parsers do), else nil.
    package subscript(key: String) -> LocatedJSONValue? {
        members?.last { $0.key == key }?.value
    }

    /// A string, number or boolean as text; nil for null and containers.
    package var text: String? {
        switch kind {
        case let .string(text), let .number(text): return text
        case let .bool(flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// The text of a string value only (not of a number or boolean).
    package var stringValue: String? {
        if case let .string(text) = kind { return text }
        return nil
    }

    /// True for `null`.
    package var isNull: Bool {
        if case .null = kind { return true }
        return false
    }
}
