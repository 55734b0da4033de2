/// Text rendition flags that combine freely (bold and underline at once, and so on).
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bit set.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold or increased intensity.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim or decreased intensity.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Swapped foreground and background.
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    /// Underlined.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Italic, where the terminal supports it.
    public static let italic = TextAttributes(rawValue: 1 << 4)
}
