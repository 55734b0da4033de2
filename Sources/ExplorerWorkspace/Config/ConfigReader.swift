import ExplorerCore
import Foundation
import Yams

/// The walk over a config file's YAML behind `ConfigLoader.parse`, collecting warnings instead of stopping at the first.
struct ConfigReader {
    let file: String
    var problems: [CollectionProblem] = []

    init(file: String) { self.file = file }

    /// Where custom themes are kept: `themes/` beside the config file.
    var themesDirectory: String { ConfigLocation.themesDirectory(beside: file) }

    mutating func read(_ node: Node, into config: inout ConfigFile) {
        guard let top = mapping(node, what: "the config file") else { return }
        unknown(top, allowed: ConfigLoader.topKeys, in: "the config file")
        if case let (value, at)? = scalar(top, "theme") {
            if let builtIn = ConfigLoader.builtInTheme(named: value) {
                config.theme = ConfigSetting(builtIn, at: at)
            } else if let path = existingFile(value) {
                config.theme = ConfigSetting(path, at: at)
            } else if !value.contains("/"), ["yaml", "yml"].contains(where: { FileManager.default.fileExists(atPath: themesDirectory + "/" + value + "." + $0) }) {
                // A custom theme by name: its file in the themes directory beside this config file.
                config.theme = ConfigSetting(value, at: at)
            } else {
                warn(at, "theme \"\(value)\" is neither a built-in theme (\(ConfigLoader.themes.joined(separator: ", "))), a theme in \(themesDirectory) nor a theme file that exists")
            }
        }
        if let keymap = nested(top, "keymap") { readKeymap(keymap, into: &config) }
        if let layout = nested(top, "layout") {
            config.layoutStack = choice(layout, "stack", LayoutStack.self)
            if case let (value, at)? = scalar(layout, "split") {
                if let percent = Int(value), (10...90).contains(percent) { config.layoutSplit = ConfigSetting(percent, at: at) } else {
                    warn(at, "layout.split must be a whole number from 10 to 90 (the tree's share of the width in percent), found \"\(value)\"")
                }
            }
        }
        if let environments = nested(top, "environments") {
            for (key, value) in environments {
                guard let collection = key.string else { continue }
                guard case let .scalar(scalar) = value, !scalar.string.isEmpty else {
                    warn(location(of: value), "environments.\(collection) must be an environment's name")
                    continue
                }
                config.environments.append((collection, ConfigSetting(scalar.string, at: location(of: value))))
            }
        }
        config.mouse = bool(top, "mouse")
        config.clipboard = text(top, "clipboard")
        config.pager = text(top, "pager")
        config.editor = text(top, "editor")
        if case let (value, at)? = scalar(top, "scriptTimeout") {
            if let seconds = Double(value), seconds > 0, seconds.isFinite { config.scriptTimeout = ConfigSetting(seconds, at: at) } else {
                warn(at, "scriptTimeout \"\(value)\" is not a number of seconds above 0 (write 5, or 0.5)")
            }
        }
        if let history = nested(top, "history") {
            config.historyEnabled = bool(history, "enabled", prefix: "history.")
            config.historyPath = text(history, "path", prefix: "history.").map { ConfigSetting(expandingTilde($0.value), at: $0.location) }
            if case let (value, at)? = scalar(history, "maxAge") {
                if let age = HistoryAge(value) { config.historyMaxAge = ConfigSetting(age, at: at) } else {
                    warn(at, "history.maxAge \"\(value)\" is not an age (write 90d, 12h or 2w; 0 or off keeps everything)")
                }
            }
            config.historyLargeBodies = choice(history, "largeBodies", LargeBodyMode.self, prefix: "history.")
        }
        if let cookies = nested(top, "cookies") { config.cookiesEnabled = bool(cookies, "enabled", prefix: "cookies.") }
        if let response = nested(top, "response") {
            config.responsePretty = choice(response, "pretty", PrettyMode.self, prefix: "response.")
            config.responseWrap = bool(response, "wrap", prefix: "response.")
            config.responseLineNumbers = bool(response, "lineNumbers", prefix: "response.")
        }
    }

    private mutating func readKeymap(_ keymap: Node.Mapping, into config: inout ConfigFile) {
        config.keymapPreset = choice(keymap, "preset", ConfigLoader.presets, prefix: "keymap.")
        for (modeKey, modeValue) in keymap where modeKey.string != "preset" {
            guard let mode = modeKey.string else { continue }
            guard case let .mapping(actions) = modeValue else {
                warn(location(of: modeValue), "keymap.\(mode) must map action names to keys, as in `tree: {new: \"a\"}`")
                continue
            }
            for (actionKey, keysNode) in actions {
                guard let action = actionKey.string else { continue }
                var keys: [ConfigSetting<String>] = []
                switch keysNode {
                case let .scalar(scalar): keys = [ConfigSetting(scalar.string, at: location(of: keysNode))]
                case let .sequence(sequence):
                    for item in sequence {
                        guard case let .scalar(scalar) = item else {
                            warn(location(of: item), "keymap.\(mode).\(action) lists keys as text (\"a\", \"Ctrl-P\", \"Enter\")")
                            continue
                        }
                        keys.append(ConfigSetting(scalar.string, at: location(of: item)))
                    }
                default:
                    warn(location(of: keysNode), "keymap.\(mode).\(action) must be a key or a list of keys")
                    continue
                }
                guard !keys.isEmpty, !keys.contains(where: { $0.value.isEmpty }) else {
                    warn(location(of: keysNode), "keymap.\(mode).\(action) names no key; the default is kept")
                    continue
                }
                config.keymapOverrides.append(KeymapOverride(mode: mode, modeLocation: location(of: modeKey), action: action,
                                                             keys: keys, location: location(of: actionKey)))
            }
        }
    }

    // MARK: - Values

    private func location(of node: Node?) -> SourceLocation {
        YAMLMap.location(of: node, in: file)
    }

    private mutating func warn(_ at: SourceLocation, _ message: String) {
        problems.append(CollectionProblem(at, message, isWarning: true))
    }

    private mutating func mapping(_ node: Node, what: String) -> Node.Mapping? {
        guard case let .mapping(mapping) = node else {
            warn(location(of: node), "expected \(what) to be a mapping of keys to values, found \(YAMLMap.kind(of: node)); it is ignored")
            return nil
        }
        return mapping
    }

    private mutating func unknown(_ mapping: Node.Mapping, allowed: [String], in what: String) {
        for key in mapping.keys {
            guard let name = key.string, !allowed.contains(name) else { continue }
            let suggestion = YAMLMap.suggestion(for: name, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
            warn(location(of: key), "unknown key \"\(name)\"\(suggestion) in \(what); expected one of: \(allowed.joined(separator: ", "))")
        }
    }

    private mutating func nested(_ mapping: Node.Mapping, _ key: String) -> Node.Mapping? {
        guard let node = mapping.first(where: { $0.key.string == key })?.value else { return nil }
        if case let .scalar(scalar) = node, ["", "~", "null"].contains(scalar.string) { return nil }
        guard let nested = self.mapping(node, what: "'\(key)'") else { return nil }
        if let allowed = ConfigLoader.nestedKeys[key] { unknown(nested, allowed: allowed, in: "'\(key)'") }
        return nested
    }

    /// A scalar's text and where it is written; nil (with a warning for a list or mapping) otherwise.
    private mutating func scalar(_ mapping: Node.Mapping, _ key: String, prefix: String = "") -> (String, SourceLocation)? {
        guard let node = mapping.first(where: { $0.key.string == key })?.value else { return nil }
        guard case let .scalar(scalar) = node else {
            warn(location(of: node), "\(prefix)\(key) must be a single value, found \(YAMLMap.kind(of: node))")
            return nil
        }
        if scalar.style == .plain && ["~", "null", "Null", "NULL", ""].contains(scalar.string) { return nil }
        return (scalar.string, location(of: node))
    }

    private mutating func text(_ mapping: Node.Mapping, _ key: String, prefix: String = "") -> ConfigSetting<String>? {
        scalar(mapping, key, prefix: prefix).map { ConfigSetting($0.0, at: $0.1) }
    }

    private mutating func bool(_ mapping: Node.Mapping, _ key: String, prefix: String = "") -> ConfigSetting<Bool>? {
        guard case let (value, at)? = scalar(mapping, key, prefix: prefix) else { return nil }
        switch value.lowercased() {
        case "true", "yes", "on": return ConfigSetting(true, at: at)
        case "false", "no", "off": return ConfigSetting(false, at: at)
        default:
            warn(at, "\(prefix)\(key) must be true or false, found \"\(value)\"")
            return nil
        }
    }

    private mutating func choice(_ mapping: Node.Mapping, _ key: String, _ allowed: [String], prefix: String = "") -> ConfigSetting<String>? {
        guard case let (value, at)? = scalar(mapping, key, prefix: prefix) else { return nil }
        guard allowed.contains(value) else {
            let suggestion = YAMLMap.suggestion(for: value, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
            warn(at, "\(prefix)\(key) \"\(value)\" is not one of: \(allowed.joined(separator: ", "))\(suggestion)")
            return nil
        }
        return ConfigSetting(value, at: at)
    }

    /// One of the cases of `Choice`, by its raw value.
    private mutating func choice<Choice: RawRepresentable & CaseIterable>(_ mapping: Node.Mapping, _ key: String, _ type: Choice.Type,
                                                                           prefix: String = "") -> ConfigSetting<Choice>?
        where Choice.RawValue == String {
        guard let setting = choice(mapping, key, Choice.allCases.map(\.rawValue), prefix: prefix),
              let chosen = Choice(rawValue: setting.value) else { return nil }
        return ConfigSetting(chosen, at: setting.location)
    }

    /// `~/x` and paths relative to the config file's directory, made absolute; nil when no file is there.
    private func existingFile(_ value: String) -> String? {
        var path = expandingTilde(value)
        if !path.hasPrefix("/") { path = PathText.appending(PathText.split(file).0.isEmpty ? "." : PathText.split(file).0, path) }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue ? path : nil
    }

    private func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return (ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
    }
}
