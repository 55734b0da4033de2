/// A one-row bar of key hints on the left and an optional message on the right.
public struct StatusBar: Widget, Hashable {
    /// Hints in priority order; those that do not fit whole are left out rather than cut.
    public var hints: [KeyHint]
    /// Right-aligned message (status, error); it takes precedence over hints for space.
    public var message: StyledLine?
    /// Background style of the whole row.
    public var style: Style
    /// Style patched onto the key part of each hint.
    public var keyStyle: Style
    /// Text between hints.
    public var separator: String

    /// Creates a status bar.
    public init(
        hints: [KeyHint],
        message: StyledLine? = nil,
        style: Style = .plain,
        keyStyle: Style = ThemePalette.current.hintKey,
        separator: String = "  "
    ) {
        self.hints = hints
        self.message = message
        self.style = style
        self.keyStyle = keyStyle
        self.separator = separator
    }

    /// Draws the bar on the first row of `rect`.
    public func render(in rect: Rect, buffer: inout CellBuffer) {
        guard !rect.isEmpty else { return }
        let row = rect.row(0)
        buffer.fill(row, style: style)
        var available = row.width
        if let message {
            let messageWidth = min(message.width, row.width)
            buffer.write(message, at: Position(x: row.right - messageWidth, y: row.y), style: style, maxWidth: messageWidth)
            // Keep one blank column so the last hint never touches the message.
            available = max(0, row.width - messageWidth - 1)
        }
        var x = row.x
        let separatorWidth = DisplayWidth.width(of: separator)
        for (index, hint) in hints.enumerated() {
            let gap = index == 0 ? 0 : separatorWidth
            let hintWidth = DisplayWidth.width(of: hint.key) + 1 + DisplayWidth.width(of: hint.label)
            guard x - row.x + gap + hintWidth <= available else { break }
            x += buffer.write(String(repeating: " ", count: gap), at: Position(x: x, y: row.y), style: style)
            x += buffer.write(hint.key, at: Position(x: x, y: row.y), style: style.patched(with: keyStyle))
            x += buffer.write(" " + hint.label, at: Position(x: x, y: row.y), style: style)
        }
    }
}
