import ExplorerWorkspace
import Foundation

/// How two response bodies differ: structurally for JSON, line by line for text, by size for anything else.
public enum BodyComparison: Sendable, Equatable {
    /// The bytes are the same.
    case identical
    /// Both are JSON; the differences by path (empty when only formatting or key order differ).
    case json([JSONDifference])
    /// Text compared line by line.
    case text([LineDifference])
    /// At least one body is not UTF-8 text; only their sizes are told apart.
    case binary(firstSize: Int, secondSize: Int)

    /// Compares two bodies.
    public init(_ first: [UInt8], _ second: [UInt8]) {
        if first == second {
            self = .identical
        } else if let a = JSONValue.parse(Data(first)), let b = JSONValue.parse(Data(second)) {
            self = .json(JSONDiff.compare(a, b))
        } else if let a = String(validating: first, as: UTF8.self), let b = String(validating: second, as: UTF8.self) {
            self = .text(LineDiff.compare(BodyComparison.lines(a), BodyComparison.lines(b)))
        } else {
            self = .binary(firstSize: first.count, secondSize: second.count)
        }
    }

    /// True when nothing that matters differs.
    public var isIdentical: Bool {
        switch self {
        case .identical: return true
        case let .json(differences): return differences.isEmpty
        case let .text(differences): return differences.isEmpty
        case .binary: return false
        }
    }

    private static func lines(_ text: String) -> [String] {
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
