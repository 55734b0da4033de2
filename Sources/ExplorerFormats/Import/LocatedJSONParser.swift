import ExplorerWorkspace
import Foundation

/// A strict JSON parser that keeps member order and the line and column of every value, for importers' errors.
package struct LocatedJSONParser {
    /// Nesting deeper than this is refused rather than risking the stack on hostile input.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private let source: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    private init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    /// Parses one JSON document; errors name the file, line and column.
    package static func parse(_ bytes: [UInt8], source: String) throws(ImportError) -> LocatedJSONValue {
        var parser = LocatedJSONParser(bytes: bytes, source: source)
        // A UTF-8 byte order mark is common in files saved by Windows editors.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3; parser.lineStart = 3 }
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw parser.error("the file is empty; expected a JSON object") }
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document") }
        return value
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> ImportError {
        ImportError(SourceLocation(file: source, line: line, column: column), "invalid JSON: \(message)")
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    private mutating func value() throws(ImportError) -> LocatedJSONValue {
        let startLine = line, startColumn = column
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        let kind: LocatedJSONValue.Kind
        switch bytes[index] {
        case UInt8(ascii: "{"): kind = try object()
        case UInt8(ascii: "["): kind = try array()
        case UInt8(ascii: "\""): kind = .string(try string())
        case UInt8(ascii: "t"): try literal("true"); kind = .bool(true)
        case UInt8(ascii: "f"): try literal("false"); kind = .bool(false)
        case UInt8(ascii: "n"): try literal("null"); kind = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number(try number())
        default: throw error("unexpected \(describeCurrent()); expected a value (object, array, string, number, true, false or null)")
        }
        return LocatedJSONValue(kind: kind, line: startLine, column: startColumn)
    }

    private mutating func enter() throws(ImportError) {
        depth += 1
        guard depth <= LocatedJSONParser.maximumDepth else { throw error("nested more than \(LocatedJSONParser.maximumDepth) levels deep") }
    }

    private mutating func object() throws(ImportError) -> LocatedJSONValue.Kind {
        try enter()
        index += 1
        var members: [(key: String, value: LocatedJSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a member name in double quotes")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()); expected ':' after \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("unexpected \(describeCurrent()); expected ',' or '}' after the value of \"\(key)\"")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(ImportError) -> LocatedJSONValue.Kind {
        try enter()
        index += 1
        var items: [LocatedJSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("unexpected \(describeCurrent()); expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func literal(_ word: String) throws(ImportError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("unexpected \(describeCurrent()); expected a value (did you mean '\(word)'?)")
        }
        index += expected.count
    }

    private mutating func number() throws(ImportError) -> String {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw error("a number needs digits after '-'") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(ImportError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        while true {
            guard index < bytes.count else { throw error("unexpected end of file inside a string; expected a closing '\"'") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { flush(index); index += 1; break }
            if byte < 0x20 {
                throw error(byte == 0x0A ? "a line break inside a string; write it as \\n" : "a control character inside a string; escape it")
            }
            guard byte == UInt8(ascii: "\\") else { index += 1; continue }
            flush(index)
            index += 1
            guard index < bytes.count else { throw error("unexpected end of file after '\\'") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), bytes.count - index >= 6,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        scalars.append("\u{FFFD}")
                        code = low
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                index -= 1
                throw error("unknown escape '\\\(describeCurrent().trimmingCharacters(in: ["'"]))' in a string")
            }
            run = index
        }
        return String(scalars)
    }

    private mutating func hex4() throws(ImportError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("expected four hex digits after \\u") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { throw error("expected four hex digits after \\u") }
            code = code * 16 + UInt32(digit)
            index += 1
        }
        return code
    }
}
