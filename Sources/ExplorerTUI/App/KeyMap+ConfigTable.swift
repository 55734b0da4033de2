extension KeyMap {
    /// The README's action-name table: one bullet per config mode, each action's config name with its keys here.
    public var configMarkdown: String {
        KeyMapSection.allCases.compactMap { section -> String? in
            let bindings = self[section]
            guard !bindings.isEmpty else { return nil }
            var seen: [String] = []
            var entries: [String] = []
            for binding in bindings where !seen.contains(binding.action.configName) {
                seen.append(binding.action.configName)
                let keys = bindings.filter { $0.action == binding.action }.flatMap(\.keys).map(\.label).joined(separator: " ")
                entries.append("`\(binding.action.configName)` \(keys)")
            }
            return "- `\(section.configName)`: " + entries.joined(separator: " · ")
        }.joined(separator: "\n") + "\n"
    }
}
