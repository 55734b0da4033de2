import Foundation

/// The settings in force: flag over environment variable over config file over default, each with its origin.
public struct ResolvedConfig: Sendable {
    /// The file read.
    public var file: ConfigFile
    /// `theme`: a built-in or custom theme's name, or a theme file's path (`--theme` and `APIEXPLORER_THEME` win).
    public var theme: ThemeReference
    /// `keymap.preset`.
    public var keymapPreset: String
    /// `layout.stack`: `auto` stacks the panes under 100 columns, `always` and `never` decide for every width.
    public var layoutStack: LayoutStack
    /// `layout.split`, the tree's share in percent, or nil for 30% (24 to 40 columns); a split moved with `<`, `>` or
    /// the mouse is remembered and wins.
    public var layoutSplit: Int?
    /// `mouse`.
    public var mouse: Bool
    /// `clipboard`: `osc52` or a tool's name, or nil to pick one as today.
    public var clipboard: String?
    /// `pager`.
    public var pager: String
    /// `editor`.
    public var editor: String
    /// `history.enabled`.
    public var historyEnabled: Bool
    /// `history.path`.
    public var historyPath: String
    /// `history.maxAge`; a value of `APIEXPLORER_HISTORY_MAX_AGE` that is no age leaves the default (and history off,
    /// with the reason, when it is opened).
    public var historyMaxAge: HistoryAge
    /// `history.largeBodies`; likewise for `APIEXPLORER_HISTORY_LARGE_BODIES`.
    public var historyLargeBodies: LargeBodyMode
    /// `cookies.enabled`: false keeps no cookies, as `--no-cookies` does (which wins, as `--cookie-jar` does).
    public var cookiesEnabled: Bool
    /// `response.pretty`, or nil for `send`'s own default (all on a terminal, none otherwise).
    public var responsePretty: PrettyMode?
    /// `response.wrap`.
    public var responseWrap: Bool
    /// `response.lineNumbers`.
    public var responseLineNumbers: Bool
    /// `scriptTimeout`: seconds a request script may run before it is stopped (and its request not sent).
    public var scriptTimeout: Double
    /// Every setting with its value and origin, in the order `apiexplorer config` prints them.
    public private(set) var entries: [ConfigEntry] = []

    /// Resolves `file` against the process's `environment` and the command's `flags`.
    public init(file: ConfigFile, environment: [String: String] = ProcessInfo.processInfo.environment, flags: ConfigFlags = ConfigFlags()) {
        self.file = file
        func set(_ name: String) -> String? { environment[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }
        func fromFile<T>(_ setting: ConfigSetting<T>?, _ fallback: T) -> (T, ConfigOrigin) {
            setting.map { ($0.value, .file(line: $0.location.line)) } ?? (fallback, .byDefault)
        }
        var entries: [ConfigEntry] = []

        var (theme, origin) = fromFile(file.theme, "dark")
        if let flag = flags.theme {
            (theme, origin) = (flag, .flag("--theme"))
        } else if let value = set("APIEXPLORER_THEME") {
            (theme, origin) = (value, .environment("APIEXPLORER_THEME"))
        }
        self.theme = ThemeReference(theme)
        entries.append(ConfigEntry("theme", theme, origin))
        (keymapPreset, origin) = fromFile(file.keymapPreset, "vim")
        entries.append(ConfigEntry("keymap.preset", keymapPreset, origin))
        for override in file.keymapOverrides {
            entries.append(ConfigEntry("keymap.\(override.mode).\(override.action)", override.keys.map(\.value).joined(separator: ", "),
                                       .file(line: override.location.line)))
        }
        (layoutStack, origin) = fromFile(file.layoutStack, .auto)
        entries.append(ConfigEntry("layout.stack", layoutStack.rawValue, origin))
        layoutSplit = file.layoutSplit?.value
        entries.append(ConfigEntry("layout.split", layoutSplit.map(String.init) ?? "30", file.layoutSplit.map { ConfigOrigin.file(line: $0.location.line) } ?? .byDefault))
        for (collection, environment) in file.environments {
            entries.append(ConfigEntry("environments.\(collection)", environment.value, .file(line: environment.location.line)))
        }

        if flags.noMouse {
            (mouse, origin) = (false, .flag("--no-mouse"))
        } else if let value = set("APIEXPLORER_MOUSE") {
            (mouse, origin) = (!["off", "0", "no", "false"].contains(value.lowercased()), .environment("APIEXPLORER_MOUSE"))
        } else {
            (mouse, origin) = fromFile(file.mouse, true)
        }
        entries.append(ConfigEntry("mouse", String(mouse), origin))
        if let value = environment["APIEXPLORER_CLIPBOARD"] {
            (clipboard, origin) = (value, .environment("APIEXPLORER_CLIPBOARD"))
        } else {
            (clipboard, origin) = (file.clipboard?.value, file.clipboard.map { ConfigOrigin.file(line: $0.location.line) } ?? .byDefault)
        }
        entries.append(ConfigEntry("clipboard", clipboard ?? "auto (wl-copy, xclip, xsel or pbcopy, else osc52)", origin))
        if let value = set("PAGER") { (pager, origin) = (value, .environment("PAGER")) } else { (pager, origin) = fromFile(file.pager, "less -R") }
        entries.append(ConfigEntry("pager", pager, origin))
        if let name = ["VISUAL", "EDITOR"].first(where: { set($0) != nil }), let value = set(name) {
            (editor, origin) = (value, .environment(name))
        } else {
            (editor, origin) = fromFile(file.editor, "vi")
        }
        entries.append(ConfigEntry("editor", editor, origin))

        let historyVariable = set("APIEXPLORER_HISTORY")
        let historyOff = historyVariable.map { ["off", "0", "no", "false"].contains($0.lowercased()) } ?? false
        if flags.noHistory {
            (historyEnabled, origin) = (false, .flag("--no-history"))
        } else if flags.historyFile != nil {
            (historyEnabled, origin) = (true, .flag("--history"))
        } else if historyVariable != nil {
            (historyEnabled, origin) = (!historyOff, .environment("APIEXPLORER_HISTORY"))
        } else {
            (historyEnabled, origin) = fromFile(file.historyEnabled, true)
        }
        entries.append(ConfigEntry("history.enabled", String(historyEnabled), origin))
        if let path = flags.historyFile {
            (historyPath, origin) = (path, .flag("--history"))
        } else if let path = historyVariable, !historyOff {
            (historyPath, origin) = (path, .environment("APIEXPLORER_HISTORY"))
        } else {
            (historyPath, origin) = fromFile(file.historyPath, StateDirectory(environment: environment).file("history.sqlite"))
        }
        entries.append(ConfigEntry("history.path", historyPath, origin))
        var written: String
        if let value = set("APIEXPLORER_HISTORY_MAX_AGE") {
            (historyMaxAge, written, origin) = (HistoryAge(value) ?? .standard, value, .environment("APIEXPLORER_HISTORY_MAX_AGE"))
        } else {
            (historyMaxAge, origin) = fromFile(file.historyMaxAge, .standard)
            written = historyMaxAge.description
        }
        entries.append(ConfigEntry("history.maxAge", written, origin))
        if let value = set("APIEXPLORER_HISTORY_LARGE_BODIES") {
            (historyLargeBodies, written, origin) = (LargeBodyMode(rawValue: value.lowercased()) ?? .truncate, value,
                                                     .environment("APIEXPLORER_HISTORY_LARGE_BODIES"))
        } else {
            (historyLargeBodies, origin) = fromFile(file.historyLargeBodies, .truncate)
            written = historyLargeBodies.rawValue
        }
        entries.append(ConfigEntry("history.largeBodies", written, origin))

        (cookiesEnabled, origin) = flags.noCookies ? (false, .flag("--no-cookies")) : fromFile(file.cookiesEnabled, true)
        entries.append(ConfigEntry("cookies.enabled", String(cookiesEnabled), origin))
        (responsePretty, origin) = (file.responsePretty?.value, file.responsePretty.map { ConfigOrigin.file(line: $0.location.line) } ?? .byDefault)
        entries.append(ConfigEntry("response.pretty", responsePretty?.rawValue ?? "all on a terminal, none otherwise", origin))
        (responseWrap, origin) = fromFile(file.responseWrap, false)
        entries.append(ConfigEntry("response.wrap", String(responseWrap), origin))
        (responseLineNumbers, origin) = fromFile(file.responseLineNumbers, true)
        entries.append(ConfigEntry("response.lineNumbers", String(responseLineNumbers), origin))
        (scriptTimeout, origin) = fromFile(file.scriptTimeout, 5)
        entries.append(ConfigEntry("scriptTimeout", YAMLText.number(scriptTimeout), origin))
        self.entries = entries
    }

    /// The entry for a dotted key.
    public func entry(_ key: String) -> ConfigEntry? {
        entries.first { $0.key == key }
    }

    /// The environment variables the file's values stand for, for those the process does not set: the readers that
    /// exist (history, clipboard, pager, editor, mouse) keep reading their variables, so their meaning stays exactly
    /// as documented and a variable set by the user still wins over the file.
    public func environmentDefaults(for environment: [String: String]) -> [String: String] {
        func unset(_ name: String) -> Bool { environment[name]?.trimmingCharacters(in: .whitespaces).isEmpty ?? true }
        var defaults: [String: String] = [:]
        if unset("APIEXPLORER_HISTORY") {
            if file.historyEnabled?.value == false { defaults["APIEXPLORER_HISTORY"] = "off" } else if let path = file.historyPath { defaults["APIEXPLORER_HISTORY"] = path.value }
        }
        if unset("APIEXPLORER_HISTORY_MAX_AGE"), let value = file.historyMaxAge { defaults["APIEXPLORER_HISTORY_MAX_AGE"] = value.value.description }
        if unset("APIEXPLORER_HISTORY_LARGE_BODIES"), let value = file.historyLargeBodies {
            defaults["APIEXPLORER_HISTORY_LARGE_BODIES"] = value.value.rawValue
        }
        if environment["APIEXPLORER_CLIPBOARD"] == nil, let value = file.clipboard { defaults["APIEXPLORER_CLIPBOARD"] = value.value }
        if unset("PAGER"), let value = file.pager { defaults["PAGER"] = value.value }
        if unset("VISUAL"), unset("EDITOR"), let value = file.editor { defaults["VISUAL"] = value.value }
        if unset("APIEXPLORER_MOUSE"), file.mouse?.value == false { defaults["APIEXPLORER_MOUSE"] = "off" }
        return defaults
    }
}
