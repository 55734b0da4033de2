/// Drawing the prompt: the label as the title, the answer (bullets for a secret) and what Enter and Esc do.
extension ValuePrompt {
    /// Draws the prompt centred over the panes.
    public func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let screen = Rect(x: 0, y: 0, width: context.pane.screen.width, height: context.pane.screen.height)
        let area = Overlay.centered(width: min(max(10, screen.width - 4), 76), height: 5, in: screen)
        buffer.fill(area)
        let block = Block(title: StyledLine(" \(question.label) "), isFocused: true)
        block.render(in: area, buffer: &buffer)
        let inner = block.inner(of: area)
        guard inner.height > 0 else { return }
        var shown = field
        if question.secret {
            // The answer never reaches the screen: as many bullets as characters, the cursor where it is.
            shown.setText(String(repeating: "•", count: field.text.count))
            shown.moveTo(field.cursor)
        }
        shown.scrollOffset = max(0, shown.cursor - max(1, inner.width) + 1)
        shown.render(in: Rect(x: inner.x, y: inner.y, width: inner.width, height: 1), buffer: &buffer)
        if inner.height > 1 {
            let note = "Enter sends · Esc cancels" + (question.secret ? " · kept for this session only" : "")
            _ = buffer.write(note, at: Position(x: inner.x, y: inner.y + 2), style: Theme.dim, maxWidth: inner.width)
        }
    }
}
