/// One `keymap:` entry, `MODE: {ACTION: KEYS}`, as written: the names are checked against the key map by the
/// explorer (ExplorerTUI), which knows the modes and actions, and reported there with these locations.
public struct KeymapOverride: Sendable, Equatable {
    /// The mode's name (`tree`, `global`, `picker`).
    public var mode: String
    /// Where the mode's name is written.
    public var modeLocation: SourceLocation
    /// The action's config name (`newRequest`, or an alias such as `new`).
    public var action: String
    /// The keys as written (`a`, `Ctrl-P`, `Enter`), each with where it is written.
    public var keys: [ConfigSetting<String>]
    /// Where the action's name is written.
    public var location: SourceLocation

    /// Creates an override.
    public init(mode: String, modeLocation: SourceLocation, action: String, keys: [ConfigSetting<String>], location: SourceLocation) {
        self.mode = mode
        self.modeLocation = modeLocation
        self.action = action
        self.keys = keys
        self.location = location
    }
}
