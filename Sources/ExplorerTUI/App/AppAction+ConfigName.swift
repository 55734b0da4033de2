extension AppAction {
    /// The action's name in the config file's `keymap:` (its case name, `newRequest`); README's action table lists
    /// them all and KeyMapConfigTests pins it, so a renamed case cannot silently break a user's file.
    public var configName: String { String(describing: self) }

    /// Shorter names the config file also takes; `new` is the issue's own example (`keymap: {tree: {new: "a"}}`).
    public static let configAliases: [String: AppAction] = ["new": .newRequest]

    /// The action a config name (or alias) stands for.
    public init?(configName: String) {
        if let alias = AppAction.configAliases[configName] {
            self = alias
            return
        }
        guard let action = AppAction.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = action
    }
}
