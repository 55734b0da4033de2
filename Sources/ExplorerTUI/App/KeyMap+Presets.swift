extension KeyMap {
    /// The map a `keymap: preset:` names: `vim` (the standard map), `emacs` or `arrows`; nil for another name.
    public static func preset(named name: String) -> KeyMap? {
        switch name {
        case "vim": return .standard
        case "emacs": return .emacs
        case "arrows": return .arrows
        default: return nil
        }
    }

    /// Emacs keys instead of vim letters: Ctrl-P/Ctrl-N up and down, Ctrl-B/Ctrl-F back and forward (collapse,
    /// expand, tabs), Alt-< and Alt-> first and last, Ctrl-V/Alt-V pages, Ctrl-S saves (searches in the response),
    /// Ctrl-G cancels. Arrows, Enter and the other letters stay.
    public static let emacs: KeyMap = standard.mappingBindings { binding in
        let swaps: [AppAction: (drop: Key?, add: Key)] = [
            .moveUp: (.character("k"), .control("p")), .moveDown: (.character("j"), .control("n")),
            .collapse: (.character("h"), .control("b")), .expand: (.character("l"), .control("f")),
            .previousTab: (.character("h"), .control("b")), .nextTab: (.character("l"), .control("f")),
            .top: (.character("g"), .alt("<")), .bottom: (.character("G"), .alt(">")),
            .pageDown: (nil, .control("v")), .pageUp: (nil, .alt("v")),
            .save: (nil, .control("s")), .search: (nil, .control("s")), .cancel: (nil, .control("g")),
        ]
        guard let swap = swaps[binding.action] else { return binding }
        var changed = binding
        changed.keys.removeAll { $0 == swap.drop }
        if !changed.keys.contains(swap.add) { changed.keys.append(swap.add) }
        return changed
    }

    /// No letter navigation: arrows, PgUp/PgDn and Home/End move; letters keep only their commands.
    public static let arrows: KeyMap = standard.mappingBindings { binding in
        let movement: Set<String> = ["moveUp", "moveDown", "pageUp", "pageDown", "top", "bottom", "collapse", "expand", "previousTab", "nextTab"]
        guard movement.contains(binding.action.configName) else { return binding }
        var changed = binding
        changed.keys.removeAll { if case let .character(character) = $0 { return character.isLetter } else { return false } }
        return changed
    }
}
