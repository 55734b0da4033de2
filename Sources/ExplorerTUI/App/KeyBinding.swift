/// Keys bound to an action, with the help text shown for them.
public struct KeyBinding: Sendable {
    /// The keys.
    public var keys: [Key]
    /// The action.
    public var action: AppAction
    /// What the action does, for help and the bottom bar.
    public var help: String
    /// True when the bottom bar shows it.
    public var isHint: Bool

    /// Creates a binding.
    public init(_ keys: [Key], _ action: AppAction, _ help: String, hint: Bool = false) {
        self.keys = keys
        self.action = action
        self.help = help
        self.isHint = hint
    }
}
