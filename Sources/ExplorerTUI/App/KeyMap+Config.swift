import ExplorerCore
import ExplorerWorkspace

extension KeyMap {
    /// The map a config file asks for: the preset (nil: `vim`), then each override in file order. An override that
    /// names an unknown mode, action or key, or that would put a key on two actions of one mode, is reported with its
    /// file:line:column and dropped, so the default stays.
    public static func configured(preset: String?, overrides: [KeymapOverride]) -> (map: KeyMap, problems: [CollectionProblem]) {
        var map = preset.flatMap(KeyMap.preset(named:)) ?? .standard
        var problems: [CollectionProblem] = []
        for override in overrides {
            if let problem = map.apply(override) { problems.append(problem) }
        }
        return (map, problems)
    }

    /// Applies one override; the warning when it cannot be applied.
    mutating func apply(_ override: KeymapOverride) -> CollectionProblem? {
        let names = KeyMapSection.allCases.map(\.configName)
        guard let section = KeyMapSection(configName: override.mode) else {
            let suggestion = NameSuggestion.closest(to: override.mode, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
            return CollectionProblem(override.modeLocation, "unknown keymap mode \"\(override.mode)\"\(suggestion); modes: \(names.joined(separator: ", "))", isWarning: true)
        }
        let bindings = self[section]
        let actions = bindings.map(\.action.configName).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard let action = AppAction(configName: override.action), let first = bindings.firstIndex(where: { $0.action == action }) else {
            let suggestion = NameSuggestion.closest(to: override.action, in: actions + AppAction.configAliases.keys.sorted())
                .map { " (did you mean \"\($0)\"?)" } ?? ""
            return CollectionProblem(override.location, "keymap.\(override.mode) has no action \"\(override.action)\"\(suggestion); its actions: \(actions.joined(separator: ", "))",
                                     isWarning: true)
        }
        var keys: [Key] = []
        for written in override.keys {
            guard let key = Key(configName: written.value) else {
                return CollectionProblem(written.location, "\"\(written.value)\" is not a key (write \"a\", \"A\", \"Ctrl-P\", \"Alt-b\", \"Enter\", \"Esc\", \"Tab\", \"Space\", \"F1\", \"PgDn\", \"Up\"); keymap.\(override.mode).\(override.action) keeps its default",
                                         isWarning: true)
            }
            if let other = bindings.first(where: { $0.action != action && $0.keys.contains(key) }) {
                return CollectionProblem(written.location, "\(key.label) is already \(other.action.configName) in keymap.\(override.mode); keymap.\(override.mode).\(override.action) keeps its default (\(bindings[first].keys.map(\.label).joined(separator: "/")))",
                                         isWarning: true)
            }
            if !keys.contains(key) { keys.append(key) }
        }
        // The key moves: the action's other bindings in this mode go, so the old keys no longer fire it.
        var changed = bindings
        changed[first].keys = keys
        changed = changed.enumerated().filter { $0.offset == first || $0.element.action != action }.map(\.element)
        self[section] = changed
        return nil
    }
}
