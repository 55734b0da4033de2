import ExplorerCore

/// The overlays' keys. The shell routes every typed key here first while one is open (`switch modal`).
extension Modal {
    /// Handles `key`, changing the overlay in place, and says what the shell should do next. `?` in an overlay opens
    /// the help over it.
    public mutating func update(_ key: Key, context: inout OverlayContext) -> ModalReply {
        let reply = updateOverlay(key, context: &context)
        guard reply == .help else { return reply }
        self = .help(scroll: 0, over: self)
        return .handled
    }

    private mutating func updateOverlay(_ key: Key, context: inout OverlayContext) -> ModalReply {
        let keyMap = context.pane.keyMap
        if case let .paste(text) = key, let reply = paste(text, context: &context) { return reply }
        switch self {
        case .quitConfirmation:
            // y quits with unsaved edits; any other key takes the question back.
            if keyMap.action(for: key, in: .quitConfirmation) == .accept { return .quit }
            let saves = keyMap.keyLabel(for: .save, focus: .request).map { "; \($0) saves the selected request's edits" } ?? ""
            context.pane.status = "Quit cancelled\(saves) (● marks the others)."
            return .closed
        case let .help(scroll, over):
            // On a screen too small for every key at once the help scrolls; any other key closes it, back to the
            // overlay it was opened from.
            let page = max(1, context.pane.screen.height - 6)
            switch keyMap.action(for: key, in: .help) {
            case .moveDown?: self = .help(scroll: scroll + 1, over: over)
            case .moveUp?: self = .help(scroll: max(0, scroll - 1), over: over)
            case .pageDown?: self = .help(scroll: scroll + page, over: over)
            case .pageUp?: self = .help(scroll: max(0, scroll - page), over: over)
            default:
                guard let over else { return .closed }
                self = over
            }
            return .handled
        case let .environmentPicker(index):
            let count = context.collection?.environments.count ?? 0
            guard count > 0 else { return .closed }
            switch keyMap.action(for: key, in: .environmentPicker) {
            case .moveUp?: self = .environmentPicker(selection: max(0, index - 1))
            case .moveDown?: self = .environmentPicker(selection: min(count - 1, index + 1))
            case .confirm?: return index < count ? .pickedEnvironment(index) : .closed
            case .cancel?: return .closed
            case .saveCaptures? where index < count: return .saveCaptures(index)
            case .editEnvironments?: return .editEnvironments(index)
            case .help?: return .help
            default: break
            }
            return .handled
        case var .importPrompt(field):
            // Enter imports, Esc closes. A pasted line ending in `\` continues on the next line.
            switch keyMap.action(for: key, in: .importPrompt) {
            case .cancel?:
                return .closed
            case .confirm?:
                // Pasting a multi-line command delivers Enter after each `\`: that is a continuation, not the end.
                guard field.text.hasSuffix("\\") else { return .importCommand(field.text) }
                var text = field.text
                text.removeLast()
                field.setText(text + " ")
            default:
                _ = field.handle(key)
            }
            self = .importPrompt(field)
            return .handled
        case var .dialog(dialog):
            let reply = dialog.update(key, context: &context.pane)
            self = .dialog(dialog)
            return reply
        case var .tool(panel, back):
            let reply = panel.update(key, back: back, candidates: context.comparisonCandidates.count, context: &context.pane)
            self = .tool(panel, returnTo: back)
            return reply
        case var .load(panel):
            let reply = panel.update(key, context: &context.pane)
            self = .load(panel)
            return reply
        case var .history(panel):
            let reply = panel.update(key, context: &context)
            self = .history(panel)
            return reply
        case var .messages(list):
            let reply = list.update(key, context: &context.pane)
            self = .messages(list)
            return reply
        case var .environments(editor):
            let reply = editor.update(key, context: &context)
            self = .environments(editor)
            return reply
        case var .schema(browser):
            let reply = browser.update(key, context: &context.pane)
            self = .schema(browser)
            return reply
        case var .valuePrompt(prompt):
            let reply = prompt.update(key, context: &context.pane)
            self = .valuePrompt(prompt)
            return reply
        case var .cookies(panel):
            let reply = panel.update(key, context: &context.pane)
            self = .cookies(panel)
            return reply
        case var .palette(palette):
            let reply = palette.update(key, context: &context)
            self = .palette(palette)
            return reply
        }
    }

    /// Pasted text goes into the field being typed in, and is never read as keys. The help and the quit question
    /// take it as any key (nil: closed by it).
    private mutating func paste(_ text: String, context: inout OverlayContext) -> ModalReply? {
        switch self {
        case .help, .quitConfirmation:
            return nil
        case var .dialog(.form(form)):
            form.fields[form.focused].field.insert(text)
            self = .dialog(.form(form))
        case var .dialog(.picker(picker)) where picker.custom != nil:
            picker.selection = picker.options.count
            picker.custom?.insert(text)
            self = .dialog(.picker(picker))
        case .dialog:
            context.pane.status = "Pasted text ignored: answer the question first."
        case var .importPrompt(field):
            field.insert(text)
            self = .importPrompt(field)
        case var .valuePrompt(prompt):
            // A password manager's paste is the usual way an answer arrives.
            prompt.field.insert(text)
            self = .valuePrompt(prompt)
        case var .environments(editor) where editor.prompt != nil:
            editor.prompt?.error = nil
            if let focused = editor.prompt?.focused { editor.prompt?.fields[focused].field.insert(text) }
            self = .environments(editor)
        case var .palette(palette):
            palette.paste(text)
            self = .palette(palette)
        case var .load(panel) where panel.stage == .setup:
            if panel.field == 0 { panel.load.insert(text) } else { panel.duration.insert(text) }
            self = .load(panel)
        case .load,
             .environmentPicker, .tool, .history, .messages, .environments, .schema, .cookies:
            context.pane.status = "Pasted text ignored: Esc closes this first."
        }
        return .handled
    }
}
