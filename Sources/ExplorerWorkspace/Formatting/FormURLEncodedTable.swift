import ExplorerCore
import Foundation

/// Shows an `application/x-www-form-urlencoded` body as a two-column name/value table.
enum FormURLEncodedTable {
    /// Names wider than this do not push the value column further right.
    static let maximumNameWidth = 32

    static func lines(for body: Data, charset: String?) -> [BodyLine] {
        let text = TextDecoding.decode(body, charset: charset)
        let pairs: [(String, String)] = text.split(separator: "&").map { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            return (TerminalSafeText.sanitize(name, allowTab: false), TerminalSafeText.sanitize(value, allowTab: false))
        }
        guard !pairs.isEmpty else { return [BodyLine(tokens: [BodyToken(.note, "(empty form)")])] }
        let width = min(pairs.map(\.0.count).max() ?? 0, maximumNameWidth)
        return pairs.map { name, value in
            BodyLine(tokens: [
                BodyToken(.formName, name),
                BodyToken(.whitespace, String(repeating: " ", count: max(0, width - name.count) + 2)),
                BodyToken(.formValue, value),
            ])
        }
    }

    /// Percent-decodes one component, `+` meaning space; malformed escapes stay literal.
    private static func decode(_ component: Substring) -> String {
        var bytes: [UInt8] = []
        let source = Array(component.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == 0x2B {
                bytes.append(0x20)
            } else if byte == 0x25, index + 2 < source.count,
                      let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2]) {
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
