/// JSON text as written in a request body, where `{{variables}}` may stand for values: checked and pretty-printed
/// with the project's formatter (key order and number literals kept) without the variables getting in the way.
public enum JSONTemplate {
    /// Where the text does not parse as JSON once each `{{variable}}` outside a string is read as a value; nil when it parses.
    public static func validate(_ text: String) -> JSONSyntaxError? {
        let (bytes, _) = substituted(text)
        // Only checked: formatting the whole body on every key typed was work thrown away.
        return bytes.withUnsafeBytes { buffer -> JSONSyntaxError? in
            do throws(JSONSyntaxError) {
                try JSONFormatter.check(buffer)
                return nil
            } catch {
                return error
            }
        }
    }

    /// The text pretty-printed with two-space indentation, variables kept as written.
    public static func prettyPrinted(_ text: String) throws(JSONSyntaxError) -> String {
        let (bytes, placeholders) = substituted(text)
        var pretty = String(decoding: try JSONFormatter.prettyPrinted(bytes), as: UTF8.self)
        for (token, original) in placeholders { pretty = pretty.replacingOccurrences(of: token, with: original) }
        while pretty.hasSuffix("\n") { pretty.removeLast() }
        return pretty
    }

    /// The text with every `{{…}}` outside a string replaced by a string token (private-use characters, so it cannot
    /// clash with the text), and the tokens with what they replaced. Lines stay as they are, so an error's line is right.
    private static func substituted(_ text: String) -> ([UInt8], [(String, String)]) {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var placeholders: [(String, String)] = []
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    out.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{"),
                      let close = closing(bytes, from: index + 2) {
                let original = String(decoding: bytes[index..<close], as: UTF8.self)
                let token = "\"\u{E000}v\(placeholders.count)\u{E000}\""
                placeholders.append((token, original))
                out += Array(token.utf8)
                index = close
                continue
            }
            out.append(byte)
            index += 1
        }
        return (out, placeholders)
    }

    /// The index just past the `}}` that closes a variable starting at `start`, if it closes on the same line.
    private static func closing(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { return nil }
            if bytes[index] == UInt8(ascii: "}"), bytes[index + 1] == UInt8(ascii: "}") { return index + 2 }
            index += 1
        }
        return nil
    }
}
