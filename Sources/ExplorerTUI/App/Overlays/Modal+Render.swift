import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Drawing whatever is open over the panes; the help, the environment picker, the quit question and the import prompt
/// are drawn here, the others by their own types.
extension Modal {
    /// Draws the overlay over the panes already in `buffer`.
    public func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let size = context.pane.screen
        switch self {
        case let .help(scroll, over): Modal.help(scroll: scroll, first: over?.helpTopic, context, &buffer)
        case .quitConfirmation: Modal.quitConfirmation(context, &buffer)
        case let .environmentPicker(selection): Modal.environmentPicker(selection, context, &buffer)
        case let .tool(panel, _): panel.render(into: &buffer, context: context)
        case let .load(panel): panel.render(into: &buffer, context: context)
        case let .importPrompt(field): Modal.importPrompt(field, context, &buffer)
        case let .dialog(dialog): dialog.render(into: &buffer, size: size)
        case let .history(panel): panel.render(into: &buffer, context: context)
        case let .messages(list): list.render(into: &buffer, context: context)
        case let .environments(editor): editor.render(into: &buffer, context: context)
        case let .schema(browser): browser.render(into: &buffer, context: context)
        case let .valuePrompt(prompt): prompt.render(into: &buffer, context: context)
        case let .cookies(panel): panel.render(into: &buffer, context: context)
        case let .palette(palette): palette.render(into: &buffer, context: context)
        }
    }

    /// Draws the prompt over the screen: the command being pasted and what Enter and Esc do.
    private static func importPrompt(_ field: TextField, _ context: OverlayContext, _ buffer: inout CellBuffer) {
        var field = field
        let area = Overlay.centered(width: max(10, context.pane.screen.width - 4), height: 5, in: Rect(x: 0, y: 0, width: context.pane.screen.width, height: context.pane.screen.height))
        buffer.fill(area)
        let title = " Import curl into \(context.collection?.name ?? "the collection") "
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

    private static func environmentPicker(_ selected: Int, _ context: OverlayContext, _ buffer: inout CellBuffer) {
        guard let collection = context.collection else { return }
        var lines: [StyledLine] = []
        for (index, env) in collection.environments.enumerated() {
            let marker = index == selected ? "› " : "  "
            lines.append(StyledLine([Span(marker + env.name, style: index == selected ? Theme.selected : .bold),
                                     Span(env.isDefault ? " (default)" : "", style: Theme.dim)]))
            let base = env.usesBuiltInDemo ? "built-in demo API" : env.baseURL
            lines.append(StyledLine("    baseURL = \(base)", style: Theme.dim))
            for variable in env.variables {
                let value = variable.value.isEmpty ? "(not set)" : variable.secret ? SecretMasker.mask : variable.value
                lines.append(StyledLine("    \(variable.name) = \(value)", style: Theme.dim))
            }
            lines += capturedLines(context.captures, collection: collection, environment: env.name)
        }
        let width = min(context.pane.screen.width - 4, max(40, (lines.map(\.width).max() ?? 0) + 4, 84))
        let height = min(context.pane.screen.height - 2, lines.count + 3)
        let area = Overlay.centered(width: width, height: height, in: Rect(x: 0, y: 0, width: context.pane.screen.width, height: context.pane.screen.height))
        buffer.fill(area)
        let keyMap = context.pane.keyMap
        if lines.contains(where: { $0.plainText.contains("(captured from") }), let saves = keyMap.keyLabel(for: .saveCaptures, in: .environmentPicker) {
            lines.append(StyledLine("  \(saves) saves the highlighted environment's captured values next to the collection", style: Theme.dim))
        }
        if let edits = keyMap.keyLabel(for: .editEnvironments, in: .environmentPicker) {
            lines.append(StyledLine("  \(edits) edits the environments (add, rename, delete; variables, base URL, TLS, proxy)", style: Theme.dim))
        }
        let block = Block(title: StyledLine(" Environment: \(collection.name) "), isFocused: true)
        block.render(in: area, buffer: &buffer)
        Paragraph(lines: lines).render(in: block.inner(of: area), buffer: &buffer)
    }

    /// The captured values of `environment` as the environment picker lists them: masked when secret, with their source.
    private static func capturedLines(_ captures: CaptureStore, collection: CollectionSpec, environment: String) -> [StyledLine] {
        captures.values(environment: SendSession.captureKey(slug: collection.slug, environment: environment)).map { value in
            StyledLine("    \(value.name) = \(value.secret ? SecretMasker.mask : TerminalSafeText.sanitize(value.value))  (captured from \(TerminalSafeText.sanitize(value.origin)))",
                       style: Theme.dim)
        }
    }

    private static func help(scroll: Int, first topic: KeyHelpTopic?, _ context: OverlayContext, _ buffer: inout CellBuffer) {
        let sections: [[StyledLine]] = KeyHelp(context.pane.keyMap, first: topic).sections.map { section in
            [StyledLine(section.title, style: .bold)] + section.entries.map { hint in
                StyledLine([Span("  " + hint.key.padding(toLength: 16, withPad: " ", startingAt: 0), style: Theme.helpKey), Span(hint.label)])
            }
        }
        let columnWidth = (sections.joined().map(\.width).max() ?? 0) + 2
        let all = Array(sections.joined())
        let available = max(1, context.pane.screen.height - 4)
        // Every key at once in columns when the screen allows; otherwise one column that scrolls.
        let fitted = helpColumns(sections, width: context.pane.screen.width, height: context.pane.screen.height)
        let columns = fitted ?? [Array(all.dropFirst(max(0, min(scroll, all.count - available))))]
        let rows = min(available, columns.map(\.count).max() ?? 0)
        let area = Overlay.centered(width: min(context.pane.screen.width - 2, columnWidth * columns.count + 2), height: min(context.pane.screen.height - 2, rows + 2),
                                    in: Rect(x: 0, y: 0, width: context.pane.screen.width, height: context.pane.screen.height))
        buffer.fill(area)
        let title = fitted == nil ? " Keys (↑↓ PgDn scroll, any other key closes) " : " Keys (any key closes) "
        let block = Block(title: StyledLine(title), isFocused: true)
        block.render(in: area, buffer: &buffer)
        let inner = block.inner(of: area)
        for (index, lines) in columns.enumerated() {
            let x = inner.x + index * columnWidth
            guard x < inner.right else { break }
            Paragraph(lines: lines).render(in: Rect(x: x, y: inner.y, width: min(columnWidth, inner.right - x), height: inner.height), buffer: &buffer)
        }
    }

    /// Sections of key help laid out in as few columns as fit the screen (whole sections per column), or nil when
    /// even the widest layout the screen allows cannot show every key at once.
    static func helpColumns(_ sections: [[StyledLine]], width: Int, height: Int) -> [[StyledLine]]? {
        let available = max(1, height - 4)
        let columnWidth = (sections.joined().map(\.width).max() ?? 0) + 2
        let maxColumns = max(1, (width - 2) / max(1, columnWidth))
        let total = sections.reduce(0) { $0 + $1.count }
        for count in 1...maxColumns {
            let target = max(available, (total + count - 1) / count)
            var columns: [[StyledLine]] = [[]]
            for section in sections {
                if let last = columns.last, !last.isEmpty, last.count + section.count > target { columns.append([]) }
                columns[columns.count - 1] += section
            }
            if columns.count <= count, columns.allSatisfy({ $0.count <= available }) { return columns }
        }
        return nil
    }

    private static func quitConfirmation(_ context: OverlayContext, _ buffer: inout CellBuffer) {
        let area = Overlay.centered(width: min(context.pane.screen.width - 2, 50), height: 4, in: Rect(x: 0, y: 0, width: context.pane.screen.width, height: context.pane.screen.height))
        buffer.fill(area)
        let block = Block(title: StyledLine(" Unsaved edits "), isFocused: true)
        block.render(in: area, buffer: &buffer)
        Paragraph(lines: ["Quit and lose unsaved edits?", StyledLine("y quits, any other key goes back", style: Theme.dim)])
            .render(in: block.inner(of: area), buffer: &buffer)
    }
}
