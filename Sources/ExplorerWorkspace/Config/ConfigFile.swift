/// What a config file says, each value validated and located; what it could not use is in `problems`.
public struct ConfigFile: Sendable {
    /// The file read (or the path that was looked at, for a default file that does not exist).
    public var path: String
    /// True when the file exists and was read.
    public var exists = false
    /// `theme:`: a built-in name or the absolute path of a theme file that exists.
    public var theme: ConfigSetting<String>?
    /// `keymap: preset:`.
    public var keymapPreset: ConfigSetting<String>?
    /// `keymap: MODE: {ACTION: KEYS}`, in file order.
    public var keymapOverrides: [KeymapOverride] = []
    /// `layout: stack:` (`auto`, `always`, `never`).
    public var layoutStack: ConfigSetting<LayoutStack>?
    /// `layout: split:`, the tree's share of the width in percent (10-90).
    public var layoutSplit: ConfigSetting<Int>?
    /// `environments:`, the default environment per collection (by name or slug), in file order.
    public var environments: [(collection: String, environment: ConfigSetting<String>)] = []
    /// `mouse:`.
    public var mouse: ConfigSetting<Bool>?
    /// `clipboard:` (`osc52` or a tool's name).
    public var clipboard: ConfigSetting<String>?
    /// `pager:` (a command line).
    public var pager: ConfigSetting<String>?
    /// `editor:` (a command line).
    public var editor: ConfigSetting<String>?
    /// `history: enabled:`.
    public var historyEnabled: ConfigSetting<Bool>?
    /// `history: path:`.
    public var historyPath: ConfigSetting<String>?
    /// `history: maxAge:` as written (`90d`, `12h`, `0`, `off`).
    public var historyMaxAge: ConfigSetting<HistoryAge>?
    /// `history: largeBodies:` (`truncate` or `skip`).
    public var historyLargeBodies: ConfigSetting<LargeBodyMode>?
    /// `cookies: enabled:`.
    public var cookiesEnabled: ConfigSetting<Bool>?
    /// `response: pretty:` (`all`, `colors`, `format`, `none`), the default of `send --pretty`.
    public var responsePretty: ConfigSetting<PrettyMode>?
    /// `response: wrap:`, whether the explorer starts with long body lines wrapped.
    public var responseWrap: ConfigSetting<Bool>?
    /// `response: lineNumbers:`, whether the explorer starts with line numbers shown.
    public var responseLineNumbers: ConfigSetting<Bool>?
    /// `scriptTimeout:`: seconds a request script may run.
    public var scriptTimeout: ConfigSetting<Double>?
    /// Unknown keys and bad values, with file:line:column; the rest of the file applies.
    public var problems: [CollectionProblem] = []

    /// An empty config for `path` (nothing set).
    public init(path: String) {
        self.path = path
    }

    /// The default environment the file names for a collection, by its name or its slug.
    public func environment(forCollection name: String, slug: String) -> ConfigSetting<String>? {
        environments.first { $0.collection == name }?.environment ?? environments.first { $0.collection == slug }?.environment
    }
}
