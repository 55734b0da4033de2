import Foundation

/// Turns body bytes into text according to a `charset` parameter.
public enum TextDecoding {
    /// Windows-1252 code points for 0x80...0x9F; nil where the code page leaves a hole,
    /// which is then shown as the C1 control it would be in Latin-1 (and so escaped).
    private static let windows1252High: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
    ]

    /// True when `charset` names an encoding this type decodes specially rather than as UTF-8.
    public static func isSingleByte(_ charset: String?) -> Bool {
        guard let charset else { return false }
        return latin1Names.contains(charset) || windows1252Names.contains(charset)
    }

    private static let latin1Names: Set<String> = ["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "cp819", "ibm819"]
    private static let windows1252Names: Set<String> = ["windows-1252", "cp1252", "x-cp1252"]

    /// Decodes `bytes`; unknown charsets and broken UTF-8 degrade to U+FFFD rather than failing.
    public static func decode(_ bytes: Data, charset: String?) -> String {
        switch charset {
        case let name? where latin1Names.contains(name):
            return singleByte(bytes) { UInt32($0) }
        case let name? where windows1252Names.contains(name):
            return singleByte(bytes) { byte in
                guard byte >= 0x80 && byte <= 0x9F else { return UInt32(byte) }
                return windows1252High[Int(byte - 0x80)] ?? UInt32(byte)
            }
        case "utf-16", "utf-16le", "utf-16be":
            let encoding: String.Encoding = charset == "utf-16be" ? .utf16BigEndian : (charset == "utf-16le" ? .utf16LittleEndian : .utf16)
            if let text = String(data: bytes, encoding: encoding) { return text }
            return String(decoding: bytes, as: UTF8.self)
        default:
            var text = String(decoding: bytes, as: UTF8.self)
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            return text
        }
    }

    private static func singleByte(_ bytes: Data, _ map: (UInt8) -> UInt32) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            // Every value the maps produce is a valid scalar; the fallback is unreachable.
            scalars.append(Unicode.Scalar(map(byte)) ?? "\u{FFFD}")
        }
        return String(scalars)
    }
}
