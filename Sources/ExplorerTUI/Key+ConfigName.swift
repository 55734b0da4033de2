extension Key {
    /// Reads a key as the config file writes it, in the spellings help prints (`a`, `A`, `Ctrl-P`, `Alt-b`, `Enter`,
    /// `Esc`, `Tab`, `Shift-Tab`, `Space`, `F1`, `PgDn`, `Up` or `↑`); names are case-insensitive, single characters
    /// are not (`A` is Shift-a). Nil for anything else.
    public init?(configName text: String) {
        if text.count == 1, let character = text.first {
            guard let named = Key.named[text] else {
                self = .character(character)
                return
            }
            self = named
            return
        }
        let lower = text.lowercased()
        if let named = Key.named[lower] {
            self = named
            return
        }
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) && text.count == prefix.count + 1 {
            guard let character = lower.last, character.isLetter || "[]\\_@".contains(character) else { return nil }
            self = .control(character)
            return
        }
        for prefix in ["alt-", "alt+", "m-", "meta-"] where lower.hasPrefix(prefix) && text.count == prefix.count + 1 {
            guard let character = text.last else { return nil }
            self = .alt(character)
            return
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...24).contains(number) {
            self = .function(number)
            return
        }
        return nil
    }

    private static let named: [String: Key] = [
        "enter": .enter, "return": .enter, "tab": .tab, "shift-tab": .backTab, "backtab": .backTab, "esc": .escape, "escape": .escape,
        "backspace": .backspace, "del": .delete, "delete": .delete, "ins": .insert, "insert": .insert,
        "up": .up, "↑": .up, "down": .down, "↓": .down, "left": .left, "←": .left, "right": .right, "→": .right,
        "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "space": .character(" "),
    ]
}
