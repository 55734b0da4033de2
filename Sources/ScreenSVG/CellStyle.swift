/// How one cell is drawn: its colours and the attributes of SGR that change a picture.
struct CellStyle: Hashable, Sendable {
    /// The text colour.
    var foreground: TerminalColor = .default
    /// The colour behind the text.
    var background: TerminalColor = .default
    /// SGR 1.
    var bold = false
    /// SGR 2 (faint).
    var dim = false
    /// SGR 3.
    var italic = false
    /// SGR 4 in any of its forms (`4:3` curly, 21 double): drawn as a single line.
    var underline = false
    /// SGR 7: foreground and background swapped when drawn.
    var reverse = false
    /// SGR 8: the text takes its cell but is not drawn.
    var hidden = false
    /// SGR 9.
    var strikethrough = false

    /// No colour and no attribute: what SGR 0 restores.
    static let plain = CellStyle()
}
