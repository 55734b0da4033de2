/// Escape sequences decoded whatever terminfo says: under tmux with `TERM=xterm-256color`, Home and End arrive as
/// `ESC[1~` and `ESC[4~`, which ncurses then hands over byte by byte, and `1~` was typed as text.
extension Key {
    /// How many characters after ESC a sequence may take before it is given up on (and dropped).
    public static let longestEscapeSequence = 32

    /// True when `sequence`, the characters after ESC, is a whole control sequence (`[1~`, `OH`, `[2;2R`): CSI ends
    /// with a final byte from `@` to `~`, SS3 with the character after `O`.
    public static func isCompleteEscapeSequence(_ sequence: String) -> Bool {
        let scalars = Array(sequence.unicodeScalars)
        guard let introducer = scalars.first, scalars.count >= 2 else { return false }
        if introducer == "O" { return true }
        guard introducer == "[", let last = scalars.last else { return false }
        // `ESC [ [ A` (the Linux console's F1) has `[` right after the introducer, which is not a final byte there.
        if scalars.count == 2, last == "[" { return false }
        return (0x40...0x7E).contains(last.value)
    }

    /// The arrow, Home or End key a CSI or SS3 sequence ending in `final` stands for.
    private static func cursorKey(_ final: Unicode.Scalar) -> Key? {
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        default: return nil
        }
    }

    /// The key a complete sequence stands for (`[1~`, `[7~`, `[H`, `OH` are Home; `[4~`, `[8~`, `[F`, `OF` End;
    /// modifiers as in `[1;5H` are ignored); nil for a sequence that is no key, such as a terminal's reply to a query
    /// (`[2;2R`, `[>84;0;0c`), which is dropped rather than typed.
    public static func decodingEscapeSequence(_ sequence: String) -> Key? {
        let scalars = Array(sequence.unicodeScalars)
        guard scalars.count >= 2, let introducer = scalars.first, let final = scalars.last else { return nil }
        if introducer == "O" {
            if let key = cursorKey(final) { return key }
            switch final {
            case "P": return .function(1)
            case "Q": return .function(2)
            case "R": return .function(3)
            case "S": return .function(4)
            case "M": return .enter
            default: return nil
            }
        }
        guard introducer == "[" else { return nil }
        let parameters = String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
        // Private parameters (`?`, `>`, `<`, `=`) mark replies and reports, never keys.
        if let marker = parameters.unicodeScalars.first, "<=>?".unicodeScalars.contains(marker) { return nil }
        guard parameters.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else { return nil }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        switch final {
        // With a first parameter other than 1 these are reports (`ESC[2;2R` is a cursor position), not arrows.
        case "A", "B", "C", "D", "H", "F", "Z":
            guard fields.first.map({ $0.isEmpty || $0 == "1" }) ?? true else { return nil }
            return cursorKey(final) ?? .backTab
        case "~":
            switch fields.first ?? "" {
            case "1", "7": return .home
            case "4", "8": return .end
            case "2": return .insert
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            case "11", "12", "13", "14", "15": return .function((Int(fields[0]) ?? 11) - 10)
            case "17", "18", "19", "20", "21": return .function((Int(fields[0]) ?? 17) - 11)
            case "23", "24": return .function((Int(fields[0]) ?? 23) - 12)
            default: return nil
            }
        default:
            return nil
        }
    }
}
