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
    /// The hint that ends the bar when the others do not all fit (such as "? more"), so the left-out keys are one
    /// key away; a hint with the same key is then not shown twice.
    public var more: KeyHint?

    /// Creates a status bar.
    public init(
        hints: [KeyHint],
        message: StyledLine? = nil,
        style: Style = .plain,
        keyStyle: Style = ThemePalette.current.hintKey,
        separator: String = "  ",
        more: KeyHint? = nil
    ) {
        self.hints = hints
        self.message = message
        self.style = style
        self.keyStyle = keyStyle
        self.separator = separator
        self.more = more
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
        let separatorWidth = DisplayWidth.width(of: separator)
        func width(_ hint: KeyHint) -> Int { DisplayWidth.width(of: hint.key) + 1 + DisplayWidth.width(of: hint.label) }
        // The leading hints of `list` that fit whole in `room` columns.
        func fitting(_ list: [KeyHint], in room: Int) -> [KeyHint] {
            var used = 0
            var count = 0
            for hint in list {
                let next = used + (count == 0 ? 0 : separatorWidth) + width(hint)
                guard next <= room else { break }
                used = next
                count += 1
            }
            return Array(list.prefix(count))
        }
        var shown = fitting(hints, in: available)
        if let more, shown.count < hints.count {
            shown = fitting(hints.filter { $0.key != more.key }, in: available - width(more) - separatorWidth)
                + (width(more) <= available ? [more] : [])
        }
        var x = row.x
        for (index, hint) in shown.enumerated() {
            let gap = index == 0 ? 0 : separatorWidth
            x += buffer.write(String(repeating: " ", count: gap), at: Position(x: x, y: row.y), style: style)
            x += buffer.write(hint.key, at: Position(x: x, y: row.y), style: style.patched(with: keyStyle))
            x += buffer.write(" " + hint.label, at: Position(x: x, y: row.y), style: style)
        }
    }
}
