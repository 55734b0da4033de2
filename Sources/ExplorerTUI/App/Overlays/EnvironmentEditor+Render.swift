import ExplorerCore
import ExplorerWorkspace

extension EnvironmentEditor {
    /// Draws the editor: the environments as tabs, the shown one's keys and variables (secrets masked), then the
    /// prompt being typed or the question (the bottom bar shows the keys).
    func render(into buffer: inout CellBuffer, context: OverlayContext) {
        let screen = Rect(x: 0, y: 0, width: context.pane.screen.width, height: context.pane.screen.height)
        let collection = context.collection
        let shown = shown(in: collection)
        let promptHeight = prompt.map { $0.fields.count + ($0.error == nil ? 0 : 1) } ?? 1
        let wanted = 2 + rowCount(of: shown) + 1 + promptHeight + 2
        let area = Overlay.centered(width: max(1, min(screen.width - 2, 96)), height: max(6, min(screen.height - 2, wanted)), in: screen)
        buffer.fill(area)
        let block = Block(title: StyledLine(" Environments · \(TerminalSafeText.sanitize(collection?.name ?? "no collection")) "), isFocused: true)
        block.render(in: area, buffer: &buffer)
        let inner = block.inner(of: area)
        guard inner.height >= 4 else { return }
        func line(_ y: Int) -> Rect { Rect(x: inner.x, y: y, width: inner.width, height: 1) }
        let environments = collection?.environments ?? []
        if environments.isEmpty {
            let adds = context.pane.keyMap.keyLabel(for: .newEnvironment, in: .environmentEditor).map { " \($0) adds one (a name and a base URL)." } ?? ""
            ExplorerView.writeCut(StyledLine("No environments yet.\(adds)", style: Theme.dim), in: line(inner.y), &buffer)
        } else {
            let titles = environments.map { StyledLine(" " + TerminalSafeText.sanitize($0.name) + ($0.name == context.activeEnvironment ? " ✓" : "") + " ") }
            let selected = shown.flatMap { environments.firstIndex(of: $0) } ?? 0
            Tabs(titles: titles, selectedIndex: selected).render(in: line(inner.y), buffer: &buffer)
        }
        let footer = promptHeight
        let listArea = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: max(0, inner.height - 3 - footer))
        if let shown {
            let rows = EnvironmentEditor.rows(of: shown)
            let offset = ScrollOffset.keepingVisible(selection: row, offset: 0, visibleCount: listArea.height, itemCount: rows.count)
            ListView(items: Array(rows.dropFirst(offset)), selectedIndex: row - offset, highlightSymbol: "› ").render(in: listArea, buffer: &buffer)
        }
        var y = inner.bottom - footer
        if let prompt {
            for (index, field) in prompt.fields.enumerated() {
                var text = field.field
                text.showsCursor = index == prompt.focused
                let masked = prompt.secret && index == 1
                let label = StyledLine((field.label + (masked ? " (secret)" : "")).padding(toLength: 18, withPad: " ", startingAt: 0), style: .bold)
                ExplorerView.writeCut(label, in: line(y), &buffer)
                let fieldArea = Rect(x: inner.x + 18, y: y, width: max(0, inner.width - 18), height: 1)
                if masked {
                    // A secret is never drawn, even while it is typed; the cursor shows where typing goes.
                    _ = buffer.write(String(repeating: "•", count: min(text.text.count, fieldArea.width)), at: Position(x: fieldArea.x, y: y), maxWidth: fieldArea.width)
                } else {
                    text.scrollToCursor(width: fieldArea.width)
                    text.render(in: fieldArea, buffer: &buffer)
                }
                y += 1
            }
            if let error = prompt.error {
                ExplorerView.writeCut(StyledLine("✗ " + error, style: Theme.error), in: line(y), &buffer)
            }
        } else if confirmingDelete, let shown {
            ExplorerView.writeCut(StyledLine("Delete the environment \(TerminalSafeText.sanitize(shown.name)) from collection.yaml? "
                                             + "\(context.pane.keyMap.keyLabel(for: .accept, in: .confirmation) ?? "y") deletes, any other key keeps it",
                                             style: Theme.warning), in: line(y), &buffer)
        }
    }

    /// The rows of `environment`: its name, its keys (a dash for one not set), then its variables.
    static func rows(of environment: EnvironmentSpec) -> [StyledLine] {
        func row(_ label: String, _ value: String?, note: String = "") -> StyledLine {
            StyledLine([Span(label.padding(toLength: 22, withPad: " ", startingAt: 0), style: .bold),
                        Span(value.map { TerminalSafeText.sanitize($0) } ?? "—", style: value == nil ? Theme.dim : .plain),
                        Span(note, style: Theme.dim)])
        }
        var rows = [row("name", environment.name)]
        for key in fieldKeys {
            let value = EnvironmentEditor.value(of: key, in: environment)
            let note = key == "baseURL" && environment.usesBuiltInDemo ? "  (the built-in demo API)" : ""
            rows.append(row(key, EnvironmentChange.flagFields.contains(key) ? (value == "true" ? "yes" : "no") : value, note: note))
        }
        for variable in environment.variables {
            let value = variable.secret ? (variable.value.isEmpty ? "(not set)" : SecretMasker.mask) : variable.value
            let note = (variable.secret ? "  secret · secrets.local.yaml" : "") + (variable.fromEnvironment.map { "  from $\($0)" } ?? "")
            rows.append(row("{{\(variable.name)}}", value, note: note))
        }
        return rows
    }
}
