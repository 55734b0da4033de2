import Foundation

/// A JSON body parsed once for JSONPath queries, keeping object key order and number literals as written.
///
/// Parse a body once and run many paths over it, as a live filter does while the user types.
public struct JSONPathDocument: Sendable {
    /// The body, shared, not copied; nodes point into it.
    public let body: Data
    /// Every value and key in document order (pre-order), the root first.
    let nodes: [JSONPathNode]

    /// How many nodes are processed between two calls to `isCancelled`.
    static let cancellationInterval = 16_384

    /// Parses `body` as UTF-8 JSON; throws `JSONSyntaxError` (with line and column) if it is not JSON,
    /// or `CancellationError` once `isCancelled` returns true.
    public init(_ body: Data, isCancelled: () -> Bool = { false }) throws {
        self.body = body
        self.nodes = try body.withUnsafeBytes { buffer in
            try Self.validate(buffer, isCancelled: isCancelled)
            return try Self.buildNodes(buffer, isCancelled: isCancelled)
        }
    }

    /// Checks the body with the formatter's own scanner, so a body the filter rejects is exactly
    /// one the formatter rejects, with the same message and position.
    private static func validate(_ buffer: UnsafeRawBufferPointer, isCancelled: () -> Bool) throws {
        guard buffer.count < Int(UInt32.max) else {
            throw JSONSyntaxError(message: "body too large for a JSONPath filter (4 GB at most)", offset: 0, line: 1, column: 1)
        }
        guard try JSONFormatter.check(buffer, linesPerPiece: cancellationInterval * 4, shouldStop: isCancelled) else {
            throw CancellationError()
        }
    }

    /// Builds the flat node list of a body already known to be valid JSON.
    /// Iterative with an explicit stack, so deeply nested input cannot overflow the call stack.
    private static func buildNodes(_ buffer: UnsafeRawBufferPointer, isCancelled: () -> Bool) throws -> [JSONPathNode] {
        var nodes: [JSONPathNode] = []
        nodes.reserveCapacity(buffer.count / 8 + 1)
        var open: [Int] = []
        var index = 0
        let count = buffer.count
        var untilCheck = cancellationInterval
        while index < count {
            let byte = buffer[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x3A:
                index += 1
                continue
            case 0x7B, 0x5B: // { [
                open.append(nodes.count)
                nodes.append(JSONPathNode(kind: byte == 0x7B ? .object : .array, start: UInt32(index), end: 0, next: 0))
                index += 1
            case 0x7D, 0x5D: // } ]
                index += 1
                if let container = open.popLast() {
                    nodes[container].end = UInt32(index)
                    nodes[container].next = UInt32(nodes.count)
                }
            case 0x22:
                let start = index
                index = stringEnd(buffer, from: index)
                // In valid JSON a string is a key exactly when a ':' follows it.
                var after = index
                while after < count, isBlank(buffer[after]) { after += 1 }
                let isKey = after < count && buffer[after] == 0x3A
                nodes.append(JSONPathNode(kind: isKey ? .key : .string, start: UInt32(start), end: UInt32(index),
                                          next: UInt32(nodes.count + 1)))
            case 0x74, 0x66, 0x6E: // true false null
                let length = byte == 0x66 ? 5 : 4
                let kind: JSONPathNode.Kind = byte == 0x74 ? .trueValue : byte == 0x66 ? .falseValue : .null
                nodes.append(JSONPathNode(kind: kind, start: UInt32(index), end: UInt32(index + length),
                                          next: UInt32(nodes.count + 1)))
                index += length
            default:
                let start = index
                while index < count, isNumberByte(buffer[index]) { index += 1 }
                // Never loop forever on a byte the validator should have refused.
                if index == start { index += 1; continue }
                nodes.append(JSONPathNode(kind: .number, start: UInt32(start), end: UInt32(index),
                                          next: UInt32(nodes.count + 1)))
            }
            untilCheck -= 1
            if untilCheck == 0 {
                untilCheck = cancellationInterval
                if isCancelled() { throw CancellationError() }
            }
        }
        return nodes
    }

    /// Index just past the closing quote of the string starting at `start`.
    @inline(__always)
    private static func stringEnd(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start + 1
        let count = buffer.count
        while index < count {
            let byte = buffer[index]
            if byte == 0x22 { return index + 1 }
            index += byte == 0x5C ? 2 : 1
        }
        return count
    }

    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @inline(__always)
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte == 0x65 || byte == 0x45
    }
}
