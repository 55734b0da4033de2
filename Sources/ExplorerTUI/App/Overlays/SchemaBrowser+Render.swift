import ExplorerCore
import Foundation

/// Drawing the Schema view: the type list, a rule, and the highlighted type's fields.
extension SchemaBrowser {
    /// The overlay's area: nearly the whole screen.
    static func area(screen: Screen) -> Rect {
        Overlay.centered(width: max(1, screen.width - 4), height: max(3, screen.height - 2),
                         in: Rect(x: 0, y: 0, width: screen.width, height: screen.height))
    }

    /// The width of the type list: the longest name and its kind, within a third of the overlay.
    static func listWidth(screen: Screen) -> Int { max(12, min(30, (area(screen: screen).width - 2) / 3)) }

    /// The width of the fields column.
    static func detailWidth(screen: Screen) -> Int { max(1, area(screen: screen).width - 2 - listWidth(screen: screen) - 1) }

    /// The highlighted type as lines: its name, kind and description, then each field (`name(args): Type`) with its
    /// description under it; an enum's values, an input type's fields, a union's members.
    func detailLines(width: Int) -> [StyledLine] {
        guard let type = selectedType else { return [StyledLine("No types.", style: Theme.dim)] }
        var lines = [StyledLine([Span(TerminalSafeText.sanitize(type.name), style: .bold), Span("  " + type.kind.lowercased().replacingOccurrences(of: "_", with: " "), style: Theme.dim)])]
        if let description = type.description, !description.isEmpty { lines += described(description) }
        lines.append("")
        func entry(_ signature: String, _ description: String?, deprecated: Bool = false) {
            lines.append(StyledLine([Span(TerminalSafeText.sanitize(signature))] + (deprecated ? [Span("  deprecated", style: Theme.warning)] : [])))
            if let description, !description.isEmpty { lines += described(description) }
        }
        for field in type.fields { entry(field.signature, field.description, deprecated: field.isDeprecated) }
        for field in type.inputFields { entry("\(field.name): \(field.type.description)", field.description) }
        for value in type.enumValues { entry(value.name, value.description) }
        if !type.possibleTypes.isEmpty { lines.append(StyledLine("one of: " + type.possibleTypes.joined(separator: ", "))) }
        if lines.count == 2 { lines.append(StyledLine("(a scalar: no fields)", style: Theme.dim)) }
        return lines
    }

    /// A description, indented and dimmed, one line per line it has.
    private func described(_ text: String) -> [StyledLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine("    " + TerminalSafeText.sanitize(String($0)), style: Theme.dim) }
    }

    /// Draws the view over the panes.
    func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let screen = context.pane.screen
        let area = SchemaBrowser.area(screen: screen)
        buffer.fill(area)
        let count = schema.types.filter { !$0.isIntrospection }.count
        let age = MeasurementText.timestamp(fetched, relativeTo: context.pane.now)
        let title = " Schema of \(TerminalSafeText.sanitize(title)) · \(count) types · fetched \(age) (i on the Body tab fetches it again) "
        let block = Block(title: StyledLine(title), isFocused: true)
        block.render(in: area, buffer: &buffer)
        let inner = block.inner(of: area)
        guard inner.width > 4, inner.height > 0 else { return }
        let listWidth = SchemaBrowser.listWidth(screen: screen)
        let offset = ScrollOffset.keepingVisible(selection: selection, offset: 0, visibleCount: inner.height, itemCount: typeNames.count)
        for (row, index) in (offset..<min(typeNames.count, offset + inner.height)).enumerated() {
            let name = typeNames[index]
            let kind = schema.type(named: name).map { SchemaBrowser.kindMark($0.kind) } ?? " "
            let line = (index == selection ? "› " : "  ") + kind + " " + TerminalSafeText.sanitize(name)
            _ = buffer.write(line, at: Position(x: inner.x, y: inner.y + row), style: index == selection ? Theme.selected : .plain, maxWidth: listWidth)
        }
        for row in 0..<inner.height {
            _ = buffer.write("│", at: Position(x: inner.x + listWidth, y: inner.y + row), style: Theme.dim, maxWidth: 1)
        }
        let detail = Rect(x: inner.x + listWidth + 2, y: inner.y, width: max(1, inner.width - listWidth - 2), height: inner.height)
        Paragraph(lines: detailLines(width: detail.width), wrap: true, scroll: scroll).render(in: detail, buffer: &buffer)
    }

    /// One letter for a type's kind in the list: O object, I interface, U union, E enum, N input, S scalar.
    static func kindMark(_ kind: String) -> String {
        switch kind {
        case "OBJECT": return "O"
        case "INTERFACE": return "I"
        case "UNION": return "U"
        case "ENUM": return "E"
        case "INPUT_OBJECT": return "N"
        default: return "S"
        }
    }
}
