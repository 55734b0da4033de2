extension KeyMap {
    /// The bindings of one section.
    public subscript(section: KeyMapSection) -> [KeyBinding] {
        get {
            switch section {
            case .global: return global
            case let .pane(focus): return panes[focus] ?? []
            case .table: return table
            case let .tab(tab): return tabs[tab] ?? []
            case .history: return history
            case let .mode(mode): return modes[mode] ?? []
            }
        }
        set {
            switch section {
            case .global: global = newValue
            case let .pane(focus): panes[focus] = newValue
            case .table: table = newValue
            case let .tab(tab): tabs[tab] = newValue
            case .history: history = newValue
            case let .mode(mode): modes[mode] = newValue
            }
        }
    }

    /// This map with `transform` applied to every binding of every section; bindings left with no key are dropped.
    public func mappingBindings(_ transform: (KeyBinding) -> KeyBinding) -> KeyMap {
        var map = self
        for section in KeyMapSection.allCases + [.mode(.terminalCheck)] {
            map[section] = self[section].map(transform).filter { !$0.keys.isEmpty }
        }
        return map
    }
}
