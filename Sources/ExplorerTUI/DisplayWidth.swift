/// Terminal column widths of characters and strings, plus the visible form of control characters.
///
/// Rules, applied to a whole grapheme cluster (`Character`):
/// - control characters (Unicode category Cc) are never sent to the terminal raw, because they would
///   move the cursor or start escape sequences; they are shown in caret notation the way `less` and
///   `vim` do: C0 controls as `^@`…`^_` (so ESC is `^[`, TAB is `^I`), DEL as `^?`, and the C1
///   controls U+0080–U+009F, which have no caret form, as `<80>`…`<9F>`. Their width is the width of
///   that escape text;
/// - an emoji grapheme containing VS16 (U+FE0F) is emoji presentation and 2 wide; VS15 (U+FE0E) on an emoji
///   forces text presentation and 1 column;
/// - regional indicators (flags) are 2 wide, a flag pair being a single grapheme;
/// - otherwise the first scalar that takes space decides: 2 for East Asian Wide/Fullwidth and
///   Emoji_Presentation scalars (so ZWJ sequences and skin-tone variants are 2), 0 for combining marks,
///   format characters (ZWJ, ZWSP, bidi marks), variation selectors and Hangul medial/final jamo,
///   1 for everything else.
public enum DisplayWidth {
    /// Scalar ranges that are East Asian Wide or Fullwidth but not emoji (emoji come from Unicode properties).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x2329...0x232A,   // angle brackets
        0x2E80...0x303E,   // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, CJK compatibility
        0x3400...0x4DBF,   // CJK extension A
        0x4E00...0x9FFF,   // CJK unified ideographs
        0xA000...0xA4CF,   // Yi
        0xA960...0xA97F,   // Hangul Jamo extended A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth ASCII forms
        0xFFE0...0xFFE6,   // fullwidth signs
        0x16FE0...0x16FE4, // ideographic symbols
        0x17000...0x18CFF, // Tangut, Khitan
        0x1B000...0x1B2FF, // Kana supplement and extensions, Nushu
        0x1F200...0x1F2FF, // enclosed ideographic supplement
        0x20000...0x2FFFD, // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD, // CJK extensions G–H
    ]

    /// Scalars that are letters by category but combine into the preceding syllable on screen.
    private static let zeroWidthRanges: [ClosedRange<UInt32>] = [
        0x1160...0x11FF,   // Hangul Jamo medial vowels and final consonants
        0xD7B0...0xD7FF,   // Hangul Jamo extended B
    ]

    private static let emojiPresentationSelector: UInt32 = 0xFE0F
    private static let textPresentationSelector: UInt32 = 0xFE0E
    private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF

    /// The number of terminal columns `character` occupies once rendered (escape text for controls).
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isControl(first) {
            return scalars.reduce(0) { $0 + escape(for: $1).count }
        }
        if scalars.contains(where: { $0.value == emojiPresentationSelector }), first.properties.isEmoji {
            return 2
        }
        if scalars.contains(where: { $0.value == textPresentationSelector }), first.properties.isEmoji {
            return 1
        }
        if regionalIndicators.contains(first.value) {
            return 2
        }
        for scalar in scalars {
            let width = width(of: scalar)
            if width > 0 { return width }
        }
        return 0
    }

    /// The number of terminal columns `string` occupies: the sum over its graphemes.
    public static func width(of string: String) -> Int {
        string.reduce(0) { $0 + width(of: $1) }
    }

    /// The width of a lone scalar, ignoring grapheme context.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        if isControl(scalar) { return escape(for: scalar).count }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        let value = scalar.value
        if zeroWidthRanges.contains(where: { $0.contains(value) }) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        if wideRanges.contains(where: { $0.contains(value) }) { return 2 }
        return 1
    }

    /// Whether `character` is a control character that must be shown escaped.
    public static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(isControl) ?? false
    }

    /// The text to draw for `character`: its caret/hex escape for controls, itself otherwise.
    public static func visibleText(for character: Character) -> String {
        guard isControl(character) else { return String(character) }
        // CR LF is one grapheme, so escape every scalar rather than just the first.
        return character.unicodeScalars.map(escape(for:)).joined()
    }

    /// Replaces every control character in `string` with its visible escape.
    public static func visibleText(for string: String) -> String {
        string.map(visibleText(for:)).joined()
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    private static func escape(for scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        switch value {
        case 0x00...0x1F, 0x7F:
            // Caret notation flips bit 6: ESC (0x1B) becomes "[", DEL (0x7F) becomes "?".
            return "^" + String(UnicodeScalar(UInt8(value ^ 0x40)))
        case 0x80...0x9F:
            let hex = String(value, radix: 16, uppercase: true)
            return "<" + hex + ">"
        default:
            return String(scalar)
        }
    }
}
