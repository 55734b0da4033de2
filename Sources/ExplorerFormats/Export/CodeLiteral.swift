/// Writes double-quoted string literals for the languages requests are exported to (Python, JavaScript, Java, Go).
public enum CodeLiteral {
    /// A language whose string literal rules differ from the others'.
    public enum Language: Sendable {
        /// Python 3, JavaScript (ES2015+), Java and Go source.
        case python, javascript, java, go
    }

    /// `text` as a double-quoted literal of `language`: quotes, backslashes and line breaks escaped, and every character
    /// that is invisible or breaks a line (controls, format characters, U+2028) written as an escape.
    public static func string(_ text: String, in language: Language) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where mustEscape(scalar, in: language): out += escape(scalar, in: language)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `text` made safe for a one-line `//` or `#` comment of any of the languages: line breaks become spaces, and
    /// for Java, which reads `\u000a` as a line break even in a comment, backslashes and non-ASCII become `?`.
    public static func comment(_ text: String, in language: Language) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar -> Unicode.Scalar in
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" { return " " }
            if language == .java, scalar == "\\" || !scalar.isASCII { return "?" }
            return scalar
        }))
    }

    private static func mustEscape(_ scalar: Unicode.Scalar, in language: Language) -> Bool {
        // Java 17 reads a source file in the platform's encoding, which may not be UTF-8: keep its literals ASCII.
        if language == .java { return !(0x20..<0x7F).contains(scalar.value) }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return true
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar, in language: Language) -> String {
        let value = scalar.value
        func hex(_ number: UInt32, _ width: Int) -> String {
            let digits = String(number, radix: 16)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        switch language {
        case .python:
            return value < 0x100 ? "\\x" + hex(value, 2) : value < 0x10000 ? "\\u" + hex(value, 4) : "\\U" + hex(value, 8)
        case .javascript:
            return value < 0x100 ? "\\x" + hex(value, 2) : value < 0x10000 ? "\\u" + hex(value, 4) : "\\u{" + hex(value, 1) + "}"
        case .go:
            // `\x` is one byte in Go, a whole character only below 0x80.
            return value < 0x80 ? "\\x" + hex(value, 2) : value < 0x10000 ? "\\u" + hex(value, 4) : "\\U" + hex(value, 8)
        case .java:
            // A `\u000a` escape becomes a real line break before Java parses the literal, so control characters are
            // written in octal (three digits, so a digit after it is not read as part of it); the rest as UTF-16 code
            // units, as Java strings hold them.
            if value < 0x80 {
                let digits = String(value, radix: 8)
                return "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            }
            return String(scalar).utf16.map { "\\u" + hex(UInt32($0), 4) }.joined()
        }
    }
}
