import ExplorerCore

// The pretty-printer proper: an explicit container stack instead of recursion so
// arbitrarily deep input cannot overflow the call stack, and a line-at-a-time loop
// whose position between lines is a `State` a caller can resume from.
extension JSONFormatter {
    private static let quote: UInt8 = 0x22
    private static let backslash: UInt8 = 0x5C
    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let nullBytes: [UInt8] = Array("null".utf8)

    /// Formats up to `maxLines` lines starting at `state`, feeding them to `sink`.
    static func run<Sink: JSONTokenSink>(
        _ buffer: UnsafeRawBufferPointer, state: inout State, maxLines: Int, sink: inout Sink
    ) {
        guard !state.isFinished else { return }
        var stack = state.containers
        var phase = state.phase
        var index = state.offset
        var produced = 0
        do {
            while produced < maxLines && !state.isFinished {
                try formatLine(buffer, stack: &stack, phase: &phase, index: &index, sink: &sink,
                               finished: &state.isFinished)
                produced += 1
            }
        } catch {
            state.error = error
            state.isFinished = true
        }
        state.containers = stack
        state.phase = phase
        state.offset = index
        state.lineNumber += produced
    }

    /// Formats exactly one output line; throws without finishing the line on bad input.
    @inline(__always)
    private static func formatLine<Sink: JSONTokenSink>(
        _ buffer: UnsafeRawBufferPointer, stack: inout JSONContainerStack, phase: inout State.Phase,
        index: inout Int, sink: inout Sink, finished: inout Bool
    ) throws(JSONSyntaxError) {
        let count = buffer.count
        index = skipWhitespace(buffer, from: index)
        if phase == .close {
            // The previous line already checked that this byte closes the innermost container.
            stack.pop()
            sink.beginLine(depth: stack.count)
            sink.punctuation(buffer[index])
            index += 1
        } else {
            sink.beginLine(depth: stack.count)
            if stack.topIsObject {
                guard index < count, buffer[index] == quote else { throw .unexpected(at: index, in: buffer) }
                let start = index
                var needsEscaping = false
                index = try scanString(buffer, from: start, needsEscaping: &needsEscaping)
                sink.source(.key, UnsafeRawBufferPointer(rebasing: buffer[start..<index]), needsEscaping: needsEscaping)
                index = skipWhitespace(buffer, from: index)
                guard index < count, buffer[index] == 0x3A else { throw .unexpected(at: index, in: buffer) }
                sink.keySeparator()
                index = skipWhitespace(buffer, from: index + 1)
            }
            guard index < count else { throw .unexpected(at: index, in: buffer) }
            let start = index
            let byte = buffer[index]
            switch byte {
            case 0x7B, 0x5B: // { [
                let close = byte &+ 2 // '}' and ']' sit two code points after their openers
                let next = skipWhitespace(buffer, from: index + 1)
                if next < count && buffer[next] == close {
                    sink.punctuation(byte)
                    sink.punctuation(close)
                    index = next + 1
                } else {
                    stack.push(isObject: byte == 0x7B)
                    sink.punctuation(byte)
                    index += 1
                    phase = .member
                    sink.endLine()
                    return
                }
            case quote:
                var needsEscaping = false
                index = try scanString(buffer, from: start, needsEscaping: &needsEscaping)
                sink.source(.string, UnsafeRawBufferPointer(rebasing: buffer[start..<index]), needsEscaping: needsEscaping)
            case 0x2D, 0x30...0x39: // - 0-9
                index = try scanNumber(buffer, from: start)
                sink.source(.number, UnsafeRawBufferPointer(rebasing: buffer[start..<index]), needsEscaping: false)
            case 0x74:
                index = try scanLiteral(buffer, from: start, expected: trueBytes)
                sink.source(.literal, UnsafeRawBufferPointer(rebasing: buffer[start..<index]), needsEscaping: false)
            case 0x66:
                index = try scanLiteral(buffer, from: start, expected: falseBytes)
                sink.source(.literal, UnsafeRawBufferPointer(rebasing: buffer[start..<index]), needsEscaping: false)
            case 0x6E:
                index = try scanLiteral(buffer, from: start, expected: nullBytes)
                sink.source(.literal, UnsafeRawBufferPointer(rebasing: buffer[start..<index]), needsEscaping: false)
            default:
                throw .unexpected(at: index, in: buffer)
            }
        }
        // A complete value ends this line; decide what the next line starts with.
        index = skipWhitespace(buffer, from: index)
        if stack.isEmpty {
            sink.endLine()
            guard index >= count else { throw .unexpected(at: index, in: buffer) }
            finished = true
            return
        }
        guard index < count else { throw .unexpected(at: index, in: buffer) }
        let next = buffer[index]
        if next == 0x2C {
            sink.punctuation(next)
            index += 1
            phase = .member
        } else if next == (stack.topIsObject ? 0x7D : 0x5D) {
            phase = .close
        } else {
            throw .unexpected(at: index, in: buffer)
        }
        sink.endLine()
    }

    @inline(__always)
    private static func skipWhitespace(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        let count = buffer.count
        while index < count {
            let byte = buffer[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            index += 1
        }
        return index
    }

    /// Validates the string starting at the quote at `start`; returns the index after its closing quote.
    @inline(__always)
    private static func scanString(
        _ buffer: UnsafeRawBufferPointer, from start: Int, needsEscaping: inout Bool
    ) throws(JSONSyntaxError) -> Int {
        let count = buffer.count
        var index = start + 1
        var sawHighOrDelete = false
        while index < count {
            let byte = buffer[index]
            if byte == quote {
                needsEscaping = sawHighOrDelete
                return index + 1
            }
            if byte == backslash {
                guard index + 1 < count else { break }
                switch buffer[index + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: // " \ / b f n r t
                    index += 2
                case 0x75: // u
                    for offset in 2..<6 {
                        guard index + offset < count, isHexDigit(buffer[index + offset]) else {
                            throw .at(index, in: buffer, "invalid \\u escape in string")
                        }
                    }
                    index += 6
                default:
                    let escaped = buffer[index + 1]
                    let shown = escaped >= 0x21 && escaped <= 0x7E ? String(Unicode.Scalar(escaped)) : "?"
                    throw .at(index, in: buffer, "invalid escape '\\\(shown)' in string")
                }
            } else if byte < 0x20 {
                throw .at(index, in: buffer, "unescaped control character 0x\(hexByte(byte)) in string")
            } else {
                // DEL, C1 controls and broken UTF-8 can only appear as raw bytes >= 0x7F.
                if byte >= 0x7F { sawHighOrDelete = true }
                index += 1
            }
        }
        throw .at(start, in: buffer, "unterminated string")
    }

    @inline(__always)
    private static func scanNumber(_ buffer: UnsafeRawBufferPointer, from start: Int) throws(JSONSyntaxError) -> Int {
        let count = buffer.count
        var index = start
        if buffer[index] == 0x2D { index += 1 }
        guard index < count, isDigit(buffer[index]) else { throw .unexpected(at: index, in: buffer) }
        if buffer[index] == 0x30 {
            index += 1
        } else {
            while index < count && isDigit(buffer[index]) { index += 1 }
        }
        if index < count && buffer[index] == 0x2E {
            index += 1
            guard index < count, isDigit(buffer[index]) else { throw .unexpected(at: index, in: buffer) }
            while index < count && isDigit(buffer[index]) { index += 1 }
        }
        if index < count && (buffer[index] == 0x65 || buffer[index] == 0x45) {
            index += 1
            if index < count && (buffer[index] == 0x2B || buffer[index] == 0x2D) { index += 1 }
            guard index < count, isDigit(buffer[index]) else { throw .unexpected(at: index, in: buffer) }
            while index < count && isDigit(buffer[index]) { index += 1 }
        }
        return index
    }

    @inline(__always)
    private static func scanLiteral(
        _ buffer: UnsafeRawBufferPointer, from start: Int, expected: [UInt8]
    ) throws(JSONSyntaxError) -> Int {
        for (offset, byte) in expected.enumerated() {
            let index = start + offset
            guard index < buffer.count, buffer[index] == byte else { throw .unexpected(at: index, in: buffer) }
        }
        return start + expected.count
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    @inline(__always)
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 6
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }
}
