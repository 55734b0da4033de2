import ExplorerCore
import ExplorerWorkspace

/// The environment editor's keys: moving between rows and environments, and typing values in its prompt. A change
/// is checked against the collection first; a refused one keeps the prompt open with the reason, so nothing typed is
/// lost.
extension EnvironmentEditor {
    /// Handles `key`; a change to write goes to the shell as `.changeEnvironment`.
    mutating func update(_ key: Key, context: inout OverlayContext) -> ModalReply {
        let keyMap = context.pane.keyMap
        let collection = context.collection
        let shown = shown(in: collection)
        if confirmingDelete {
            confirmingDelete = false
            guard keyMap.action(for: key, in: .confirmation) == .accept, let shown else {
                context.pane.status = "Cancelled."
                return .handled
            }
            return .changeEnvironment(.delete(environment: shown.name))
        }
        if prompt != nil { return updatePrompt(key, collection: collection, shown: shown, context: &context) }
        let count = rowCount(of: shown)
        switch keyMap.action(for: key, in: .environmentEditor) {
        case .cancel?: return .closed
        case .help?: return .help
        case .moveUp?: row = max(0, row - 1)
        case .moveDown?: row = min(max(0, count - 1), row + 1)
        case let action? where action == .nextTab || action == .previousTab:
            guard let collection, let shown, let index = collection.environments.firstIndex(of: shown) else { break }
            let next = index + (action == .nextTab ? 1 : -1)
            if collection.environments.indices.contains(next) { environment = collection.environments[next].name }
            row = min(row, max(0, rowCount(of: self.shown(in: collection)) - 1))
        case .newEnvironment?:
            prompt = EnvironmentPrompt(.newEnvironment, fields: [("Name", ""), ("Base URL", "")])
        case .renameEnvironment? where shown != nil:
            prompt = EnvironmentPrompt(.rename, fields: [("Name", shown?.name ?? "")])
        case .deleteEnvironment? where shown != nil:
            confirmingDelete = true
        case .addRow? where shown != nil:
            prompt = EnvironmentPrompt(.variable(replacing: nil), fields: [("Name", ""), ("Value", "")])
        case .editRow?:
            guard let shown else { break }
            if row == 0 {
                prompt = EnvironmentPrompt(.rename, fields: [("Name", shown.name)])
            } else if let key = selectedKey {
                if EnvironmentChange.flagFields.contains(key) { return toggle(key, in: shown) }
                prompt = EnvironmentPrompt(.field(key: key), fields: [(key, EnvironmentEditor.value(of: key, in: shown) ?? "")])
            } else if let variable = selectedVariable(of: shown) {
                prompt = EnvironmentPrompt(.variable(replacing: variable.name), fields: [("Name", variable.name), ("Value", variable.value)],
                                           secret: variable.secret)
            }
        case .toggleRow?:
            guard let shown else { break }
            if let key = selectedKey, EnvironmentChange.flagFields.contains(key) { return toggle(key, in: shown) }
            if var variable = selectedVariable(of: shown) {
                // The value moves with the flag: into secrets.local.yaml, or back into the collection file.
                variable.secret.toggle()
                return .changeEnvironment(.setVariable(environment: shown.name, replacing: variable.name, variable))
            }
            context.pane.status = "Space switches default, verifyTLS or whether a variable is secret."
        case .deleteRow?:
            guard let shown else { break }
            if let variable = selectedVariable(of: shown) {
                row = max(0, row - (row == count - 1 ? 1 : 0))
                return .changeEnvironment(.deleteVariable(environment: shown.name, name: variable.name))
            }
            if let key = selectedKey, key != "baseURL", EnvironmentEditor.value(of: key, in: shown) != nil {
                return .changeEnvironment(.setField(environment: shown.name, key: key, value: nil))
            }
        default:
            if shown == nil {
                let adds = context.pane.keyMap.keyLabel(for: .newEnvironment, in: .environmentEditor).map { ": \($0) adds one." } ?? "."
                context.pane.status = "This collection has no environments yet" + adds
            }
        }
        return .handled
    }

    /// `default` or `verifyTLS` switched.
    private func toggle(_ key: String, in environment: EnvironmentSpec) -> ModalReply {
        let on = EnvironmentEditor.value(of: key, in: environment) == "true"
        // Off is written as the absence of `default:` (as the loader reads it), and `verifyTLS: true` as no key.
        let value: String? = key == "default" ? (on ? nil : "true") : (on ? "false" : nil)
        return .changeEnvironment(.setField(environment: environment.name, key: key, value: value))
    }

    /// A key while the prompt is open: Tab moves between its fields, the secret switch flips, Enter on the last
    /// field asks for the change, and anything else is typed.
    private mutating func updatePrompt(_ key: Key, collection: CollectionSpec?, shown: EnvironmentSpec?, context: inout OverlayContext) -> ModalReply {
        guard var prompt else { return .handled }
        switch context.pane.keyMap.action(for: key, in: .environmentField) {
        case .cancel?:
            self.prompt = nil
            return .handled
        case .nextField?: prompt.focused = (prompt.focused + 1) % prompt.fields.count
        case .previousField?: prompt.focused = (prompt.focused + prompt.fields.count - 1) % prompt.fields.count
        case .toggleSecret?:
            if case .variable = prompt.purpose { prompt.secret.toggle() }
        case .confirm?:
            if prompt.focused < prompt.fields.count - 1 {
                prompt.focused += 1
            } else if let change = change(from: prompt, shown: shown) {
                if let collection, let problem = change.problem(in: collection) {
                    prompt.error = problem
                } else {
                    // Shown as read back once written; a new or renamed environment is the one shown.
                    if case .newEnvironment = prompt.purpose { environment = change.environment }
                    if case let .rename(_, name) = change { environment = name }
                    self.prompt = nil
                    return .changeEnvironment(change)
                }
            }
        default:
            prompt.error = nil
            prompt.fields[prompt.focused].field.handle(key)
        }
        self.prompt = prompt
        return .handled
    }

    /// The change the prompt's fields describe.
    private func change(from prompt: EnvironmentPrompt, shown: EnvironmentSpec?) -> EnvironmentChange? {
        switch prompt.purpose {
        case .newEnvironment:
            return .add(name: prompt.value(0), baseURL: prompt.value(1))
        case .rename:
            return shown.map { .rename(environment: $0.name, to: prompt.value(0)) }
        case let .field(key):
            let value = prompt.value(0)
            return shown.map { .setField(environment: $0.name, key: key, value: value.isEmpty && key != "baseURL" ? nil : value) }
        case let .variable(replacing):
            // A value is kept as typed: leading or trailing spaces may matter in a header.
            let variable = Variable(name: prompt.value(0), value: prompt.fields.count > 1 ? prompt.fields[1].field.text : "", secret: prompt.secret,
                                    fromEnvironment: replacing.flatMap { name in shown?.variables.first { $0.name == name }?.fromEnvironment })
            return shown.map { .setVariable(environment: $0.name, replacing: replacing, variable) }
        }
    }
}
