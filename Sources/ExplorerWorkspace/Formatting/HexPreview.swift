/// The `hexdump -C`-style preview shown for binary bodies, so raw bytes never reach the terminal.
enum HexPreview {
    /// How many leading bytes the preview shows.
    static let byteLimit = 256

    /// One line per 16 bytes: offset, hex bytes (split after eight) and printable ASCII.
    static func lines(for bytes: some Collection<UInt8>) -> [BodyLine] {
        let shown = Array(bytes.prefix(byteLimit))
        var lines: [BodyLine] = []
        var offset = 0
        while offset < shown.count {
            let row = shown[offset..<min(offset + 16, shown.count)]
            var hex = ""
            var ascii = ""
            for column in 0..<16 {
                if column == 8 { hex += " " }
                if column < row.count {
                    let byte = row[row.startIndex + column]
                    hex += hexDigits(byte, width: 2) + " "
                    ascii.unicodeScalars.append(byte >= 0x20 && byte < 0x7F ? Unicode.Scalar(byte) : ".")
                } else {
                    hex += "   "
                }
            }
            lines.append(BodyLine(tokens: [
                BodyToken(.hexOffset, hexDigits(offset, width: 8)),
                BodyToken(.whitespace, "  "),
                BodyToken(.hexBytes, hex),
                BodyToken(.whitespace, " "),
                BodyToken(.hexASCII, "|\(ascii)|"),
            ]))
            offset += 16
        }
        return lines
    }

    private static func hexDigits(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
