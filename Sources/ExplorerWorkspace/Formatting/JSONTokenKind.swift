/// What a piece of pretty-printed JSON is, so a CLI or TUI can colour it.
public enum JSONTokenKind: UInt8, Sendable, Hashable, CaseIterable {
    /// An object member name, quotes and escapes included.
    case key
    /// A string value, quotes and escapes included.
    case string
    /// A number literal exactly as the server sent it.
    case number
    /// `true`, `false` or `null`.
    case literal
    /// Braces, brackets, commas and colons.
    case punctuation
    /// Spacing the formatter inserted (the blank after a colon).
    case whitespace
}
