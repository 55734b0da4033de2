/// The prompt for pasting a curl command.
extension ExplorerView {
    /// Draws the prompt over the screen: the command being pasted and what Enter and Esc do.
    static func importPrompt(_ model: ExplorerModel, _ buffer: inout CellBuffer) {
        guard var field = model.modal?.importField else { return }
        let area = Overlay.centered(width: max(10, model.screen.width - 4), height: 5, in: Rect(x: 0, y: 0, width: model.screen.width, height: model.screen.height))
        buffer.fill(area)
        let title = " Import curl into \(model.currentCollection?.name ?? "the collection") "
        let block = Block(title: StyledLine(title), isFocused: true)
        block.render(in: area, buffer: &buffer)
        let inner = block.inner(of: area)
        guard inner.height > 0 else { return }
        field.scrollOffset = max(0, field.cursor - max(1, inner.width) + 1)
        field.render(in: Rect(x: inner.x, y: inner.y, width: inner.width, height: 1), buffer: &buffer)
        if inner.height > 1 {
            _ = buffer.write("Enter imports as a new request · Esc cancels", at: Position(x: inner.x, y: inner.y + 2), style: Theme.dim, maxWidth: inner.width)
        }
    }
}
