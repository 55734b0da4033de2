/// Where and why a body is not valid JSON.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for example `unexpected '}'`.
    public var message: String
    /// Zero-based byte offset of the problem in the body.
    public var offset: Int
    /// One-based line of the problem.
    public var line: Int
    /// One-based column of the problem, counted in Unicode scalars.
    public var column: Int

    /// Creates an error from a message and its position.
    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The message with its position, e.g. `unexpected '}' at line 3, column 5`.
    public var description: String { "\(message) at line \(line), column \(column)" }

    /// Builds an error at `offset`, working out line and column from the body.
    /// Only runs once per failure, so the linear scan does not matter.
    static func at(_ offset: Int, in buffer: UnsafeRawBufferPointer, _ message: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        let end = min(offset, buffer.count)
        var index = 0
        while index < end {
            let byte = buffer[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return JSONSyntaxError(message: message, offset: offset, line: line, column: column)
    }

    /// Describes the byte at `offset` (or the end) the way error messages quote it.
    static func unexpected(at offset: Int, in buffer: UnsafeRawBufferPointer) -> JSONSyntaxError {
        guard offset < buffer.count else { return at(offset, in: buffer, "unexpected end of input") }
        let byte = buffer[offset]
        if byte >= 0x21 && byte <= 0x7E {
            return at(offset, in: buffer, "unexpected '\(Character(Unicode.Scalar(byte)))'")
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return at(offset, in: buffer, "unexpected byte 0x\(hex.count == 1 ? "0" + hex : hex)")
    }
}
