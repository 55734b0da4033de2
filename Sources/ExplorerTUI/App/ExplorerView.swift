import ExplorerCore
import Foundation

/// Draws the explorer into a cell buffer; pure, so every screen can be tested as text.
public enum ExplorerView {
    /// Renders `model` into a new buffer of the model's size.
    public static func render(_ model: ExplorerModel) -> CellBuffer {
        var buffer = CellBuffer(width: max(1, model.screen.width), height: max(1, model.screen.height))
        let layout = model.screen.layout
        if layout.isTooSmall {
            let lines = ["Terminal too small", "\(model.screen.width)×\(model.screen.height); need \(ScreenLayout.minimumWidth)×\(ScreenLayout.minimumHeight)", "q quits"]
            for (row, line) in lines.enumerated() where row < model.screen.height {
                _ = buffer.write(line, at: Position(x: 0, y: row), style: row == 0 ? .bold : .plain, maxWidth: model.screen.width)
            }
            return buffer
        }
        topBar(model, layout.topBar, &buffer)
        if !layout.tree.isEmpty { model.tree.render(into: &buffer, rect: layout.tree, source: model.treeSource, focused: model.focus == .tree) }
        if !layout.request.isEmpty { request(model, layout.request, &buffer) }
        if !layout.response.isEmpty { model.responseView.render(into: &buffer, rect: layout.response, focused: model.focus == .response, now: model.now) }
        bottomBar(model, layout.bottomBar, &buffer)
        if model.modal?.environmentPicker != nil { environmentPicker(model, &buffer) }
        if model.modal?.toolPanel != nil { toolPanel(model, &buffer) }
        if model.modal?.helpScroll != nil { help(model, &buffer) }
        if model.modal == .quitConfirmation { confirm(model, &buffer) }
        if model.modal?.importField != nil { importPrompt(model, &buffer) }
        if let dialog = model.modal?.dialog { self.dialog(dialog, model, &buffer) }
        if let panel = model.modal?.historyPanel { history(panel, model, &buffer) }
        return buffer
    }

    private static func topBar(_ model: ExplorerModel, _ rect: Rect, _ buffer: inout CellBuffer) {
        buffer.fill(rect, style: Theme.bar)
        var spans: [Span] = [Span(" apiexplorer ", style: Theme.barKey)]
        if let collection = model.currentCollection {
            spans.append(Span(" \(collection.name) ", style: Theme.bar))
            let env = model.environment(of: collection)
            spans.append(Span(" env: ", style: Theme.bar))
            spans.append(Span(env?.name ?? "none", style: Theme.barKey))
            if let env {
                spans.append(Span("  " + (env.usesBuiltInDemo ? (model.session.demoBaseURL?.absoluteString ?? "built-in demo API") : env.baseURL), style: Theme.bar))
                if !env.verifyTLS { spans.append(Span("  ⚠ TLS verification off", style: Theme.barKey)) }
            }
        }
        if model.hasUnsavedEdits { spans.append(Span("  ● unsaved edits", style: Theme.barKey)) }
        // The status line's warning is gone at the next key; this stays while history is off for a reason.
        if model.session.historyProblem != nil { spans.append(Span("  ⚠ history off (H: why)", style: Theme.barKey)) }
        _ = buffer.write(StyledLine(spans), at: Position(x: rect.x, y: rect.y), maxWidth: rect.width)
    }

    /// A `/` prompt and its field, scrolled so the cursor stays in view (the text was cut at the edge, cursor unseen).
    static func prompt(_ field: TextField, at rect: Rect, _ buffer: inout CellBuffer) {
        guard rect.width > 1, rect.height > 0 else { return }
        _ = buffer.write("/", at: Position(x: rect.x, y: rect.y), style: .bold)
        field.render(in: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 1, height: 1), buffer: &buffer)
    }

    /// Writes `line` with its first `column` display columns scrolled off to the left; a wide character cut by the
    /// left edge shows as a space.
    private static func bottomBar(_ model: ExplorerModel, _ rect: Rect, _ buffer: inout CellBuffer) {
        let hints: [KeyHint]
        if model.modal == .quitConfirmation {
            hints = [KeyHint(key: "y", label: "quit"), KeyHint(key: "any other key", label: "back")]
        } else if model.modal?.helpScroll != nil {
            hints = [KeyHint(key: "↑↓ PgDn", label: "scroll"), KeyHint(key: "any other key", label: "close")]
        } else if model.modal?.environmentPicker != nil {
            hints = [KeyHint(key: "↑↓", label: "choose"), KeyHint(key: "Enter", label: "switch"), KeyHint(key: "Esc", label: "close")]
        } else if model.modal?.toolPanel != nil {
            hints = [KeyHint(key: "↑↓", label: "scroll / choose"), KeyHint(key: "Tab", label: "next format"), KeyHint(key: "Esc", label: "close")]
        } else if model.modal?.importField != nil {
            hints = [KeyHint(key: "Enter", label: "import"), KeyHint(key: "Esc", label: "cancel")]
        } else if case .confirmation? = model.modal?.dialog {
            hints = [KeyHint(key: "y", label: "yes"), KeyHint(key: "any other key", label: "no")]
        } else if case .form? = model.modal?.dialog {
            hints = [KeyHint(key: "Tab", label: "next field"), KeyHint(key: "Enter", label: "ok"), KeyHint(key: "Esc", label: "cancel")]
        } else if model.modal?.dialog != nil {
            hints = [KeyHint(key: "↑↓", label: "choose"), KeyHint(key: "Enter", label: "ok"), KeyHint(key: "Esc", label: "cancel")]
        } else if model.requestEditor.edit?.row != nil {
            hints = [KeyHint(key: "Enter", label: "next / done"), KeyHint(key: "Tab", label: "name/value"), KeyHint(key: "Esc", label: "cancel")]
        } else if model.requestEditor.edit?.url != nil {
            hints = [KeyHint(key: "Enter", label: "apply"), KeyHint(key: "Tab", label: "complete {{variable}}"), KeyHint(key: "Esc", label: "cancel")]
        } else if model.requestEditor.edit?.value != nil {
            hints = [KeyHint(key: "Enter", label: "apply"), KeyHint(key: "Esc", label: "cancel")]
        } else if model.requestEditor.edit?.body != nil {
            hints = [KeyHint(key: "Esc", label: "done"), KeyHint(key: "Ctrl-Z/Y", label: "undo/redo"), KeyHint(key: "Ctrl-S", label: "save"),
                     KeyHint(key: "Ctrl-J", label: "send")]
        } else if model.tree.filterField != nil || model.responseView.bodyView.searchField != nil {
            hints = [KeyHint(key: "Enter", label: "apply"), KeyHint(key: "Esc", label: "cancel")]
        } else {
            let bindings = model.keyMap.bindings(focus: model.focus, tab: model.requestEditor.tab, isTable: model.currentTable != nil)
            // Help first: when the pane's hints do not all fit, `?` is the one that must stay.
            let shown = bindings.filter(\.isHint)
            hints = (shown.filter { $0.action == .help } + shown.filter { $0.action != .help }).map { KeyHint(keys: $0.keys, label: $0.help) }
        }
        let message = model.status.map { StyledLine($0, style: .bold) }
        StatusBar(hints: hints, message: message).render(in: rect, buffer: &buffer)
    }

    private static func environmentPicker(_ model: ExplorerModel, _ buffer: inout CellBuffer) {
        guard let collection = model.currentCollection, let selected = model.modal?.environmentPicker else { return }
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
            lines += capturedLines(model, collection: collection, environment: env.name)
        }
        let width = min(model.screen.width - 4, max(40, (lines.map(\.width).max() ?? 0) + 4))
        let height = min(model.screen.height - 2, lines.count + 2)
        let area = Overlay.centered(width: width, height: height, in: Rect(x: 0, y: 0, width: model.screen.width, height: model.screen.height))
        buffer.fill(area)
        if lines.contains(where: { $0.plainText.contains("(captured from") }) {
            lines.append(StyledLine("  s saves the highlighted environment's captured values next to the collection", style: Theme.dim))
        }
        let block = Block(title: StyledLine(" Environment: \(collection.name) "), isFocused: true)
        block.render(in: area, buffer: &buffer)
        Paragraph(lines: lines).render(in: block.inner(of: area), buffer: &buffer)
    }

    /// The captured values of `environment` as the environment picker lists them: masked when secret, with their source.
    static func capturedLines(_ model: ExplorerModel, collection: CollectionSpec, environment: String) -> [StyledLine] {
        model.session.captures.values(environment: ExplorerModel.captureKey(slug: collection.slug, environment: environment)).map { value in
            StyledLine("    \(value.name) = \(value.secret ? SecretMasker.mask : TerminalSafeText.sanitize(value.value))  (captured from \(TerminalSafeText.sanitize(value.origin)))",
                       style: Theme.dim)
        }
    }

    private static func help(_ model: ExplorerModel, _ buffer: inout CellBuffer) {
        var sections: [[StyledLine]] = []
        let groups: [(String, [KeyBinding])] = [("Everywhere", model.keyMap.global), ("Collections tree", model.keyMap.panes[.tree] ?? []),
                                                ("Request", model.keyMap.panes[.request] ?? []), ("Tables (Params, Headers, fields)", model.keyMap.table),
                                                ("Body tab", model.keyMap.tabs[.body] ?? []), ("Auth tab", model.keyMap.tabs[.auth] ?? []),
                                                ("Options tab", model.keyMap.tabs[.options] ?? []),
                                                ("Response", model.keyMap.panes[.response] ?? []), ("History list (H, L; ↑↓ PgUp PgDn g G move)", model.keyMap.history.filter { !$0.action.isMovement })]
        for (title, bindings) in groups {
            var lines = [StyledLine(title, style: .bold)]
            for binding in bindings {
                let keys = binding.keys.map(\.label).joined(separator: "/")
                lines.append(StyledLine([Span("  " + keys.padding(toLength: 16, withPad: " ", startingAt: 0), style: Style(foreground: .cyan)), Span(binding.help)]))
            }
            sections.append(lines)
        }
        var editing = [StyledLine("Editing text (body editor, fields)", style: .bold)]
        for hint in model.keyMap.editing {
            editing.append(StyledLine([Span("  " + hint.key.padding(toLength: 16, withPad: " ", startingAt: 0), style: Style(foreground: .cyan)), Span(hint.label)]))
        }
        sections.append(editing)
        let columnWidth = (sections.joined().map(\.width).max() ?? 0) + 2
        let all = Array(sections.joined())
        let available = max(1, model.screen.height - 4)
        // Every key at once in columns when the screen allows; otherwise one column that scrolls.
        let fitted = helpColumns(sections, width: model.screen.width, height: model.screen.height)
        let columns = fitted ?? [Array(all.dropFirst(max(0, min(model.modal?.helpScroll ?? 0, all.count - available))))]
        let rows = min(available, columns.map(\.count).max() ?? 0)
        let area = Overlay.centered(width: min(model.screen.width - 2, columnWidth * columns.count + 2), height: min(model.screen.height - 2, rows + 2),
                                    in: Rect(x: 0, y: 0, width: model.screen.width, height: model.screen.height))
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

    private static func confirm(_ model: ExplorerModel, _ buffer: inout CellBuffer) {
        let area = Overlay.centered(width: min(model.screen.width - 2, 50), height: 4, in: Rect(x: 0, y: 0, width: model.screen.width, height: model.screen.height))
        buffer.fill(area)
        let block = Block(title: StyledLine(" Unsaved edits "), isFocused: true)
        block.render(in: area, buffer: &buffer)
        Paragraph(lines: ["Quit and lose unsaved edits?", StyledLine("y quits, any other key goes back", style: Theme.dim)])
            .render(in: block.inner(of: area), buffer: &buffer)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
