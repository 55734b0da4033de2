import Foundation

extension SecretMasker {
    /// `value` as it travels or is echoed back: percent-encoded (`%20` or `+` for a space, `%2B` for a plus, in upper-
    /// or lower-case hex) in a URL or form body, and escaped inside a JSON string (with and without `\/`, and with
    /// every non-ASCII character as it is or as `\u` escapes in either case, as servers differ in each), also as its
    /// UTF-8 bytes read as ISO 8859-1.
    static func encodedForms(of value: String) -> [String] {
        let percent = QueryEncoding.encode(value)
        let form = percent.replacingOccurrences(of: "%20", with: "+")
        var forms = [percent, form, lowercasedEscapes(percent), lowercasedEscapes(form)]
        // A header's UTF-8 bytes read back one character a byte (ISO 8859-1), as many servers read headers and echo them.
        let latin1 = String(String.UnicodeScalarView(value.utf8.map { Unicode.Scalar($0) }))
        for text in [value, latin1] {
            forms.append(text)
            for escapesSlash in [false, true] {
                for unicode in [JSONUnicode.asIs, .lowercase, .uppercase] {
                    forms.append(jsonEscaped(text, escapesSlash: escapesSlash, unicode: unicode))
                }
            }
        }
        var seen: Set<String> = [value]
        return forms.filter { seen.insert($0).inserted }
    }

    /// How a JSON string writes a character outside ASCII.
    private enum JSONUnicode { case asIs, lowercase, uppercase }

    /// `value` inside a JSON string (without the quotes).
    private static func jsonEscaped(_ value: String, escapesSlash: Bool, unicode: JSONUnicode) -> String {
        func hex(_ unit: UInt16, uppercase: Bool) -> String {
            let digits = String(unit, radix: 16, uppercase: uppercase)
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += escapesSlash ? "\\/" : "/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out += hex(UInt16(scalar.value), uppercase: unicode == .uppercase)
                } else if scalar.isASCII || unicode == .asIs {
                    out.unicodeScalars.append(scalar)
                } else {
                    // Outside the Basic Multilingual Plane as a surrogate pair, as JSON writes it.
                    for unit in String(scalar).utf16 { out += hex(unit, uppercase: unicode == .uppercase) }
                }
            }
        }
        return out
    }

    /// `text` with the hex digits of its percent escapes in lower case (`%2b`), as some servers echo them.
    private static func lowercasedEscapes(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var out = ""
        var remaining = 0
        for character in text {
            if character == "%" {
                remaining = 2
                out.append(character)
            } else if remaining > 0 {
                remaining -= 1
                out += character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The mask as a URL shows it once percent-encoded (`%E2%80%A2…`), turned back into the mask when text is shown.
    static let percentEncodedMask = QueryEncoding.encode(mask)
}
