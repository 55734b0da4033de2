/// A list of bindings in a `KeyMap` that the config file can rebind, named as the file writes it (`keymap: tree:`).
public enum KeyMapSection: Sendable, Hashable {
    /// Keys that work in every pane.
    case global
    /// A pane's own keys.
    case pane(Focus)
    /// Keys of the request tabs that are tables.
    case table
    /// A request tab's own keys.
    case tab(RequestTab)
    /// The history list.
    case history
    /// An overlay, prompt or field.
    case mode(KeyMode)

    /// Every section, in the order the schema and README list them.
    public static var allCases: [KeyMapSection] {
        [.global] + Focus.allCases.map(KeyMapSection.pane) + [.table] + RequestTab.allCases.map(KeyMapSection.tab) + [.history]
            + KeyMode.allCases.filter { $0 != .terminalCheck }.map(KeyMapSection.mode)
    }

    /// The name in the config file: `global`, `tree`, `request`, `response`, `table`, a tab (`body`), `history`, or a
    /// mode's case name (`picker`, `environmentPicker`).
    public var configName: String {
        switch self {
        case .global: return "global"
        case let .pane(focus): return String(describing: focus)
        case .table: return "table"
        case let .tab(tab): return String(describing: tab)
        case .history: return "history"
        case let .mode(mode): return String(describing: mode)
        }
    }

    /// The section a config name stands for.
    public init?(configName: String) {
        guard let section = KeyMapSection.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = section
    }
}
