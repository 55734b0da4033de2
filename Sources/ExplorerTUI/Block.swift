/// A box border with an optional title; content goes in `inner(of:)`.
public struct Block: Widget, Hashable {
    /// Title drawn into the top edge, padded by one space each side.
    public var title: StyledLine?
    /// Whether the block has keyboard focus, which switches the border to `focusedBorderStyle`.
    public var isFocused: Bool
    /// Border style without focus.
    public var borderStyle: Style
    /// Border style with focus; the focused title is also reversed behind a ▶, so focus shows without colour.
    public var focusedBorderStyle: Style
    /// Style under the title's own styles.
    public var titleStyle: Style

    /// Creates a block.
    public init(
        title: StyledLine? = nil,
        isFocused: Bool = false,
        borderStyle: Style = ThemePalette.current.border,
        focusedBorderStyle: Style = ThemePalette.current.borderFocused,
        titleStyle: Style = .bold
    ) {
        self.title = title
        self.isFocused = isFocused
        self.borderStyle = borderStyle
        self.focusedBorderStyle = focusedBorderStyle
        self.titleStyle = titleStyle
    }

    /// The area inside the border.
    public func inner(of rect: Rect) -> Rect {
        rect.inner
    }

    /// Draws the border and title; a rect smaller than 2×2 has no room for a box and is left alone.
    public func render(in rect: Rect, buffer: inout CellBuffer) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let style = isFocused ? focusedBorderStyle : borderStyle
        let horizontal = String(repeating: "─", count: rect.width - 2)
        buffer.write("┌" + horizontal + "┐", at: Position(x: rect.x, y: rect.y), style: style, maxWidth: rect.width)
        buffer.write("└" + horizontal + "┘", at: Position(x: rect.x, y: rect.bottom - 1), style: style, maxWidth: rect.width)
        for y in (rect.y + 1)..<(rect.bottom - 1) {
            buffer.write("│", at: Position(x: rect.x, y: y), style: style)
            buffer.write("│", at: Position(x: rect.right - 1, y: y), style: style)
        }
        guard let title, rect.width > 2 else { return }
        var padded = title
        if isFocused {
            // Focus must show without colour too: a ▶ on the border and the title reversed.
            padded.spans = padded.spans.map { span in
                var span = span
                span.style = span.style.patched(with: Style(attributes: .reverse))
                return span
            }
            padded.spans.insert(Span("▶"), at: 0)
        } else {
            padded.spans.insert(" ", at: 0)
        }
        padded.spans.append(" ")
        let base = isFocused ? titleStyle.patched(with: focusedBorderStyle) : titleStyle
        buffer.write(padded, at: Position(x: rect.x + 1, y: rect.y), style: base, maxWidth: rect.width - 2)
    }
}
