import Foundation

/// The JSON types HAR fields have, for `HARShape`.
public enum HARShapeKind: CustomStringConvertible, Sendable {
    case string, number, object, array

    func matches(_ value: Any) -> Bool {
        switch self {
        case .string: return value is String
        case .number: return value is NSNumber
        case .object: return value is [String: Any]
        case .array: return value is [Any]
        }
    }

    public var description: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .object: return "an object"
        case .array: return "an array"
        }
    }
}
