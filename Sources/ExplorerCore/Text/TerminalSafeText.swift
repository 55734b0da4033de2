/// Makes untrusted text safe to write to a terminal.
///
/// A hostile server must never be able to move the cursor, retitle the window or
/// rewrite the screen, so every C0 control (except tab, when allowed), DEL and
/// every C1 control is shown as a Swift-style escape such as `\u{1B}` (ESC) or
/// `\u{7}` (BEL). Invalid UTF-8 becomes U+FFFD. Line breaks are escaped too:
/// callers split lines before asking for safe text.
public enum TerminalSafeText {
    /// True when `scalar` may be written to a terminal as is.
    public static func isSafe(_ scalar: Unicode.Scalar, allowTab: Bool = true) -> Bool {
        let value = scalar.value
        if value == 0x09 { return allowTab }
        return !(value < 0x20 || (value >= 0x7F && value <= 0x9F))
    }

    /// The visible escape used for an unsafe scalar, e.g. `\u{1B}`.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// `text` with every unsafe scalar replaced by its visible escape.
    public static func sanitize(_ text: String, allowTab: Bool = true) -> String {
        if text.unicodeScalars.allSatisfy({ isSafe($0, allowTab: allowTab) }) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isSafe(scalar, allowTab: allowTab) {
                result.unicodeScalars.append(scalar)
            } else {
                result += escape(scalar)
            }
        }
        return result
    }

    /// Decodes UTF-8 `bytes` (invalid sequences become U+FFFD) and makes the result safe.
    public static func sanitize(utf8 bytes: some Collection<UInt8>, allowTab: Bool = true) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self), allowTab: allowTab)
    }

    /// Appends the safe form of UTF-8 `bytes` to `output`.
    ///
    /// Printable ASCII is copied without decoding because that is nearly all
    /// of a typical body and this sits on the pretty-printer's hot path.
    public static func appendSanitized(utf8 bytes: UnsafeRawBufferPointer, to output: inout [UInt8], allowTab: Bool = true) {
        var plain = true
        for byte in bytes where byte < 0x20 || byte >= 0x7F {
            plain = false
            break
        }
        if plain {
            output.append(contentsOf: bytes)
            return
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        for scalar in decoded.unicodeScalars {
            if isSafe(scalar, allowTab: allowTab) {
                UTF8.encode(scalar) { output.append($0) }
            } else {
                output.append(contentsOf: escape(scalar).utf8)
            }
        }
    }
}

extension TerminalSafeText {
    /// Splits UTF-8 text into terminal-safe lines at `\n`, dropping the `\r` of CRLF endings.
    public static func sanitizedLines(utf8 bytes: some BidirectionalCollection<UInt8>, allowTab: Bool = true) -> [String] {
        // Split on bytes, not Characters: Swift treats "\r\n" as one Character, so a
        // Character split on "\n" would never break CRLF lines.
        var lines: [String] = []
        for var line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.last == 0x0D { line = line.dropLast() }
            lines.append(sanitize(utf8: line, allowTab: allowTab))
        }
        return lines
    }
}
