/// Pickers, name forms and questions drawn over the explorer.
extension Dialog {
    /// Draws the dialog centred on a screen of `size`.
    func render(into buffer: inout CellBuffer, size: Screen) {
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        switch self {
        case let .picker(picker):
            var lines = picker.options.enumerated().map { index, option in
                StyledLine((index == picker.selection ? "› " : "  ") + option, style: index == picker.selection ? Theme.selected : .plain)
            }
            let customRow = lines.count
            if picker.custom != nil { lines.append(StyledLine("  other: ")) }
            let width = min(size.width - 4, max(36, (lines.map(\.width).max() ?? 0) + 6, picker.title.count + 4))
            let area = Overlay.centered(width: width, height: min(size.height - 2, lines.count + 2), in: screen)
            buffer.fill(area)
            let block = Block(title: StyledLine(picker.title), isFocused: true)
            block.render(in: area, buffer: &buffer)
            let inner = block.inner(of: area)
            // A long list scrolls to keep the highlighted row in view.
            let scroll = max(0, picker.selection - inner.height + 1)
            Paragraph(lines: Array(lines.dropFirst(scroll))).render(in: inner, buffer: &buffer)
            if var custom = picker.custom, customRow - scroll < inner.height {
                let y = inner.y + customRow - scroll
                let x = inner.x + 9
                custom.showsCursor = picker.isOnCustom
                if picker.isOnCustom { _ = buffer.write("›", at: Position(x: inner.x, y: y), style: .bold) }
                custom.render(in: Rect(x: x, y: y, width: max(1, inner.right - x), height: 1), buffer: &buffer)
            }
        case let .form(form):
            let labelWidth = (form.fields.map(\.label.count).max() ?? 0) + 2
            // As wide as the note needs, up to the screen; narrower, the note wraps onto more rows.
            let note = StyledLine(form.note, style: Theme.dim)
            let width = min(size.width - 4, max(56, form.title.count + 4, note.width + 2))
            let noteRows = max(1, Paragraph(lines: [note], wrap: true).rows(width: max(1, width - 2)).count)
            let area = Overlay.centered(width: width, height: min(size.height - 2, form.fields.count + 3 + noteRows), in: screen)
            buffer.fill(area)
            let block = Block(title: StyledLine(form.title), isFocused: true)
            block.render(in: area, buffer: &buffer)
            let inner = block.inner(of: area)
            for (index, entry) in form.fields.enumerated() where index < inner.height {
                let y = inner.y + index
                _ = buffer.write(entry.label + ":", at: Position(x: inner.x, y: y), style: index == form.focused ? .bold : Theme.dim, maxWidth: labelWidth)
                var field = entry.field
                field.showsCursor = index == form.focused
                field.render(in: Rect(x: inner.x + labelWidth, y: y, width: max(1, inner.width - labelWidth), height: 1), buffer: &buffer)
            }
            if inner.height > form.fields.count + 1 {
                let top = inner.y + form.fields.count + 1
                Paragraph(lines: [note], wrap: true).render(in: Rect(x: inner.x, y: top, width: inner.width, height: inner.bottom - top), buffer: &buffer)
            }
        case let .confirmation(confirmation):
            // A message of several lines (a list to agree to) keeps its lines.
            let messageLines = confirmation.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let lines = messageLines.map { StyledLine($0) } + [StyledLine("y: yes · any other key: no", style: Theme.dim)]
            let width = min(size.width - 4, max(40, (messageLines.map(\.count).max() ?? 0) + 4))
            let rows = Paragraph(lines: lines, wrap: true).rows(width: width - 2).count
            let area = Overlay.centered(width: width, height: min(size.height - 2, rows + 2), in: screen)
            buffer.fill(area)
            let block = Block(title: StyledLine(confirmation.title), isFocused: true)
            block.render(in: area, buffer: &buffer)
            Paragraph(lines: lines, wrap: true).render(in: block.inner(of: area), buffer: &buffer)
        }
    }
}
