/// A key press (or terminal resize) decoded by the backend, so the UI never sees ncurses key codes.
public enum Key: Hashable, Sendable {
    /// A printable grapheme, possibly multi-byte (CJK, emoji).
    case character(Character)
    /// Return / Enter.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Escape.
    case escape
    /// Backspace (delete before the cursor).
    case backspace
    /// Delete (delete under the cursor).
    case delete
    /// Insert.
    case insert
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// A function key, F1 being `function(1)`.
    case function(Int)
    /// A letter or symbol pressed with Ctrl, stored lowercase (Ctrl-J is `control("j")`).
    case control(Character)
    /// A grapheme pressed with Alt/Meta.
    case alt(Character)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
    /// A mouse click or wheel turn.
    case mouse(MouseEvent)
    /// Text pasted in one piece (bracketed paste): it is inserted as text, never read as keys.
    case paste(String)

    /// The short human label used in key hints and help text, e.g. "Ctrl-J", "PgDn", "Shift-Tab".
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return DisplayWidth.visibleText(for: character)
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let number): return "F\(number)"
        case .control(let character): return "Ctrl-" + String(character).uppercased()
        case .alt(let character): return "Alt-" + DisplayWidth.visibleText(for: character)
        case .resize(let width, let height): return "Resize \(width)x\(height)"
        case .paste(let text): return "Paste (\(text.count) characters)"
        case .mouse(let event): return "Mouse \(event.action) at \(event.x),\(event.y)"
        }
    }
}
