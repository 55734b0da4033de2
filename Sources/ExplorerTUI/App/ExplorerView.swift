import ExplorerCore
import Foundation

/// Draws the explorer into a cell buffer; pure, so every screen can be tested as text.
public enum ExplorerView {
    /// Renders `model` into a new buffer of the model's size.
    public static func render(_ model: ExplorerModel) -> CellBuffer {
        ThemePalette.$current.withValue(model.screen.theme.palette) { draw(model) }
    }

    private static func draw(_ model: ExplorerModel) -> CellBuffer {
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
        if !layout.request.isEmpty { model.requestPane.render(into: &buffer, rect: layout.request, problem: model.selectedProblem) }
        if !layout.response.isEmpty { model.responseView.render(into: &buffer, rect: layout.response, focused: model.focus == .response, now: model.now, keyMap: model.keyMap) }
        bottomBar(model, layout.bottomBar, &buffer)
        model.modal?.render(into: &buffer, context: model.overlayContext)
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

    /// Writes `line` in one row; a line wider than the row ends in `…` so a cut is never silent.
    static func writeCut(_ line: StyledLine, in rect: Rect, _ buffer: inout CellBuffer) {
        guard rect.width > 0 else { return }
        buffer.write(line, at: Position(x: rect.x, y: rect.y), markingCutWithin: rect.width, markStyle: Theme.dim)
    }

    /// A `/` prompt and its field, scrolled so the cursor stays in view (the text was cut at the edge, cursor unseen).
    static func prompt(_ field: TextField, at rect: Rect, _ buffer: inout CellBuffer) {
        guard rect.width > 1, rect.height > 0 else { return }
        _ = buffer.write("/", at: Position(x: rect.x, y: rect.y), style: .bold)
        field.render(in: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 1, height: 1), buffer: &buffer)
    }

    /// Writes `line` with its first `column` display columns scrolled off to the left; a wide character cut by the
    /// left edge shows as a space.
    /// The hint line of the open overlay: the export and compare panel and the history list show their keys from the
    /// key map (Esc first, then the marked hints, then the rest; moving keys left out; of the panel only those its
    /// state answers); the small overlays their few keys.
    static func overlayHints(_ model: ExplorerModel) -> [KeyHint]? {
        let bindings: [KeyBinding]
        switch model.modal {
        case nil: return nil
        case .quitConfirmation?: return [KeyHint(key: "y", label: "quit"), KeyHint(key: "any other key", label: "back")]
        case .help?: return [KeyHint(key: "↑↓ PgDn", label: "scroll"), KeyHint(key: "any other key", label: "close")]
        case .environmentPicker?:
            return [KeyHint(key: "↑↓", label: "choose"), KeyHint(key: "Enter", label: "switch"), KeyHint(key: "s", label: "save captures"),
                    KeyHint(key: "E", label: "edit environments"), KeyHint(key: "Esc", label: "close")]
        case .importPrompt?: return [KeyHint(key: "Enter", label: "import"), KeyHint(key: "Esc", label: "cancel")]
        case .valuePrompt?: return [KeyHint(key: "Enter", label: "answer and send"), KeyHint(key: "Esc", label: "cancel the send")]
        case .dialog(.confirmation)?: return [KeyHint(key: "y", label: "yes"), KeyHint(key: "any other key", label: "no")]
        case .dialog(.form)?: return [KeyHint(key: "Tab", label: "next field"), KeyHint(key: "Enter", label: "ok"), KeyHint(key: "Esc", label: "cancel")]
        case .dialog(.picker)?: return [KeyHint(key: "↑↓", label: "choose"), KeyHint(key: "Enter", label: "ok"), KeyHint(key: "Esc", label: "cancel")]
        case let .tool(panel, _)?: bindings = (model.keyMap.modes[.toolPanel] ?? []).filter { panel.offers($0.action) }
        case let .history(panel)?:
            bindings = panel.filterField != nil ? model.keyMap.modes[.historyFilter] ?? [] : model.keyMap.history
        case .messages?: bindings = model.keyMap.modes[.messageList] ?? []
        case .schema?: bindings = model.keyMap.modes[.schemaView] ?? []
        case let .cookies(panel)?:
            if panel.confirmingClear { return [KeyHint(key: "y", label: "clear"), KeyHint(key: "any other key", label: "keep them")] }
            bindings = model.keyMap.modes[.cookieList] ?? []
        case .palette?: bindings = model.keyMap.modes[.palette] ?? []
        case .load?: bindings = model.keyMap.modes[.loadPanel] ?? []
        case let .environments(editor)?:
            if editor.confirmingDelete { return [KeyHint(key: "y", label: "delete"), KeyHint(key: "any other key", label: "keep it")] }
            bindings = model.keyMap.modes[editor.prompt == nil ? .environmentEditor : .environmentField] ?? []
        }
        let kept = bindings.filter { !$0.action.isMovement }
        let ordered = kept.filter { $0.action == .cancel } + kept.filter { $0.action != .cancel && $0.isHint }
            + kept.filter { $0.action != .cancel && !$0.isHint }
        return ordered.map { KeyHint(keys: $0.keys, label: $0.help) }
    }

    /// The hint line while a field is being typed in (a table row, the URL, a value, the body, a filter or search), or
    /// nil when none is: the few keys that matter there, shorter than the field's whole key list.
    private static func fieldHints(_ model: ExplorerModel) -> [KeyHint]? {
        if model.requestEditor.edit?.row != nil {
            return [KeyHint(key: "Enter", label: "next / done"), KeyHint(key: "Tab", label: "name/value"), KeyHint(key: "Esc", label: "cancel")]
        } else if model.requestEditor.edit?.url != nil {
            return [KeyHint(key: "Enter", label: "apply"), KeyHint(key: "Tab", label: "complete {{variable}}"), KeyHint(key: "Esc", label: "cancel")]
        } else if model.requestEditor.edit?.value != nil {
            return [KeyHint(key: "Enter", label: "apply"), KeyHint(key: "Esc", label: "cancel")]
        } else if model.requestEditor.edit?.body != nil {
            return [KeyHint(key: "Esc", label: "done"), KeyHint(key: "Ctrl-Z/Y", label: "undo/redo"), KeyHint(key: "Ctrl-S", label: "save"),
                    KeyHint(key: "Ctrl-J", label: "send")]
        } else if model.tree.filterField != nil || model.responseView.bodyView.searchField != nil {
            return [KeyHint(key: "Enter", label: "apply"), KeyHint(key: "Esc", label: "cancel")]
        }
        return nil
    }

    private static func bottomBar(_ model: ExplorerModel, _ rect: Rect, _ buffer: inout CellBuffer) {
        if let status = model.status, wrappedStatus(status, bar: rect, &buffer) { return }
        let hints: [KeyHint]
        if let overlay = ExplorerView.overlayHints(model) {
            hints = overlay
        } else if let editing = ExplorerView.fieldHints(model) {
            hints = editing
        } else {
            // Help first: when the pane's hints do not all fit, `?` is the one that must stay; then the palette,
            // which finds every action and request by name.
            let bindings = model.keyMap.bindings(focus: model.focus, tab: model.requestEditor.tab, isTable: model.requestPane.currentTable != nil)
            let shown = bindings.filter(\.isHint)
            let palette = bindings.first { $0.action == .openPalette && !$0.keys.isEmpty }.map { KeyHint(keys: $0.keys, label: "palette") }
            hints = shown.filter { $0.action == .help }.map { KeyHint(keys: $0.keys, label: $0.help) } + (palette.map { [$0] } ?? [])
                + shown.filter { $0.action != .help && $0.action != .openPalette }.map { KeyHint(keys: $0.keys, label: $0.help) }
        }
        let message = model.status.map { StyledLine($0, style: .bold) }
        StatusBar(hints: hints, message: message, more: moreHint(model)).render(in: rect, buffer: &buffer)
    }

    /// "? more", ending a hint line that does not fit, where `?` opens the help: on the main screen and in the
    /// overlays that list their keys there (none while a field is typed in).
    private static func moreHint(_ model: ExplorerModel) -> KeyHint? {
        let bindings: [KeyBinding]
        switch model.modal?.helpTopic {
        case .history?: bindings = model.keyMap.history
        case let .mode(mode)?: bindings = model.keyMap.modes[mode] ?? []
        case nil:
            guard model.modal == nil, fieldHints(model) == nil else { return nil }
            bindings = model.keyMap.global
        }
        if case let .history(panel)? = model.modal, panel.filterField != nil { return nil }
        return bindings.first { $0.action == .help && !$0.keys.isEmpty }.map { KeyHint(keys: $0.keys, label: "more") }
    }

}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
