import Foundation
import Yams

/// Reads `config.yaml`: every value checked, every unknown key or bad value a warning with file:line:column, and the
/// rest of the file applied (a typo in one key must not take the user's other settings away).
public enum ConfigLoader {
    /// The top-level keys, in the order `config --init` and the README list them.
    public static let topKeys = ["theme", "keymap", "layout", "environments", "mouse", "clipboard", "pager", "editor", "history", "cookies", "response", "scriptTimeout"]
    /// The keys of each nested mapping with fixed keys.
    public static let nestedKeys: [String: [String]] = [
        "layout": ["stack", "split"],
        "history": ["enabled", "path", "maxAge", "largeBodies"],
        "cookies": ["enabled"],
        "response": ["pretty", "wrap", "lineNumbers"],
    ]
    /// Every fixed key as a dotted path (`history.maxAge`); `keymap` holds `preset` and one mapping per mode, and
    /// `environments` one entry per collection.
    public static var knownKeys: [String] {
        topKeys.flatMap { key in nestedKeys[key].map { $0.map { "\(key).\($0)" } } ?? (key == "keymap" ? ["keymap.preset"] : [key]) }
    }
    /// The built-in themes.
    public static let themes = ["dark", "light", "high-contrast", "16-color"]

    /// The built-in theme `name` means, in any case and in its other spellings (`16-colour`, `16color`, `16`,
    /// `highcontrast`); nil for another name.
    public static func builtInTheme(named name: String) -> String? {
        let wanted = name.lowercased()
        let aliases = ["16-colour": "16-color", "16color": "16-color", "16": "16-color", "highcontrast": "high-contrast"]
        let canonical = aliases[wanted] ?? wanted
        return themes.contains(canonical) ? canonical : nil
    }
    /// The keymap presets; `vim` is the standard map.
    public static let presets = ["vim", "emacs", "arrows"]

    /// Reads the file at `path`; a file that does not exist gives an empty config with `exists` false.
    public static func load(path: String) -> ConfigFile {
        guard FileManager.default.fileExists(atPath: path) else { return ConfigFile(path: path) }
        if let refusal = SettingsFileSize.refusal(path: path, what: "config file") {
            var config = ConfigFile(path: path)
            config.exists = true
            config.problems = [CollectionProblem(SourceLocation(file: path), refusal + "; defaults apply", isWarning: true)]
            return config
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            var config = ConfigFile(path: path)
            config.exists = true
            config.problems = [CollectionProblem(SourceLocation(file: path), "the config file is not readable UTF-8 text; defaults apply", isWarning: true)]
            return config
        }
        return parse(text, file: path)
    }

    /// Parses config text; `file` names it in warnings and relative theme paths are taken from its directory.
    public static func parse(_ text: String, file: String) -> ConfigFile {
        var config = ConfigFile(path: file)
        config.exists = true
        let node: Node?
        do {
            node = try Yams.compose(yaml: text, .basic, .default, .utf8)
        } catch let error as YamlError {
            // An error, not a warning: the whole file would be ignored, and a command must not go on as if it were read.
            config.problems.append(CollectionFileParser.problem(from: error, file: file))
            return config
        } catch {
            config.problems.append(CollectionProblem(SourceLocation(file: file), "could not read YAML: \(error)"))
            return config
        }
        // A file of only comments (what a user may start from) is an empty config.
        guard let node else { return config }
        var reader = ConfigReader(file: file)
        reader.read(node, into: &config)
        config.problems += reader.problems
        return config
    }

    static func warning(_ problem: CollectionProblem) -> CollectionProblem {
        var problem = problem
        problem.isWarning = true
        return problem
    }
}
