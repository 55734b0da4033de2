/// `\uXXXX` escapes in JSON string literals, for showing `"\u65e5\u672c"` as `"日本"`. Only printable characters are
/// decoded: controls, quotes, backslashes and invisible format characters stay escaped, so the line still reads as
/// the JSON it is and nothing hidden reaches the screen. The bytes themselves are never changed.
public enum JSONEscapes {
    /// `literal` (a JSON string token, quotes included) with its printable `\u` escapes decoded.
    public static func decodingPrintable(_ literal: String) -> String {
        guard literal.contains("\\u") else { return literal }
        let scalars = Array(literal.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        func hex(at position: Int) -> UInt32? {
            guard position + 4 <= scalars.count else { return nil }
            var value: UInt32 = 0
            for scalar in scalars[position..<(position + 4)] {
                guard let digit = hexDigit(scalar) else { return nil }
                value = value * 16 + digit
            }
            return value
        }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                out.append(scalar)
                index += 1
                continue
            }
            // An escape other than \u is copied whole, so `\\u0041` stays a backslash followed by `u0041`.
            guard scalars[index + 1] == "u", let first = hex(at: index + 2) else {
                out.append(scalar)
                out.append(scalars[index + 1])
                index += 2
                continue
            }
            var value = first
            var length = 6
            // A surrogate pair (`\ud83d\ude80`) is one character.
            if (0xD800...0xDBFF).contains(first), index + 12 <= scalars.count, scalars[index + 6] == "\\", scalars[index + 7] == "u",
               let low = hex(at: index + 8), (0xDC00...0xDFFF).contains(low) {
                value = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)
                length = 12
            }
            if let decoded = Unicode.Scalar(value), isShown(decoded) {
                out.append(decoded)
            } else {
                out.append(contentsOf: scalars[index..<(index + length)])
            }
            index += length
        }
        return String(out)
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 48
        case "a"..."f": return scalar.value - 87
        case "A"..."F": return scalar.value - 55
        default: return nil
        }
    }

    private static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\"" || scalar == "\\" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }
}
