import ExplorerCore
import ExplorerWorkspace
import Foundation
import Yams

/// A custom theme read from YAML: a `base` theme with some roles restyled.
///
/// ```yaml
/// name: solarized
/// base: dark
/// styles:
///   selection: {background: "#073642", bold: true}
///   method: {get: green, post: "#b58900"}
///   json.key: {foreground: 75, bold: true}
/// ```
/// A role given as a colour sets its foreground; as a mapping, each of `foreground`, `background`, `bold`, `dim`,
/// `italic`, `underline` and `reverse` given replaces the base's. Unknown roles and bad values are reported with their
/// line and column and the base's style is kept for them.
public struct ThemeFile: Sendable {
    /// The theme.
    public var palette: ThemePalette
    /// What was ignored, with positions.
    public var problems: [ThemeFileProblem]

    private static let topKeys = ["name", "base", "styles"]
    private static let styleKeys = ["foreground", "fg", "background", "bg", "bold", "dim", "italic", "underline", "reverse"]

    /// Reads the theme at `path`; throws when the file cannot be read or is not a YAML mapping.
    public static func load(path: String) throws(ThemeFileProblem) -> ThemeFile {
        if let refusal = SettingsFileSize.refusal(path: path, what: "theme file") {
            throw ThemeFileProblem(file: path, line: 0, column: 0, message: refusal)
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ThemeFileProblem(file: path, line: 0, column: 0, message: "cannot read the theme file")
        }
        return try parse(text, file: path)
    }

    /// Reads a theme from `text`; `file` names it in problems and gives the default name.
    public static func parse(_ text: String, file: String) throws(ThemeFileProblem) -> ThemeFile {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ThemeFileProblem(file: file, line: Self.line(of: error), column: 0, message: "not valid YAML: \(error)")
        } catch {
            throw ThemeFileProblem(file: file, line: 0, column: 0, message: "not valid YAML: \(error)")
        }
        guard case let .mapping(mapping)? = root else {
            throw ThemeFileProblem(file: file, line: 1, column: 1, message: "expected a mapping with name, base and styles")
        }
        var reader = ThemeFile(palette: ThemePalette.dark, problems: [])
        let fallbackName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        for (key, value) in mapping where !topKeys.contains(key.string ?? "") {
            reader.report(key, in: file, "unknown key '\(key.string ?? "")'; expected one of: \(topKeys.joined(separator: ", "))")
            _ = value
        }
        if let base = mapping["base"] {
            if let name = base.string, let palette = ThemePalette.builtIn(named: name) {
                reader.palette = palette
            } else {
                let names = ThemePalette.builtIns.map(\.name).joined(separator: ", ")
                reader.report(base, in: file, "unknown base theme '\(base.string ?? "")'; expected one of: \(names); using dark")
            }
        }
        reader.palette.name = mapping["name"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackName
        if let styles = mapping["styles"] {
            guard case let .mapping(entries) = styles else {
                reader.report(styles, in: file, "expected styles to be a mapping of roles to colours")
                return reader
            }
            reader.apply(entries, prefix: "", file: file)
        }
        return reader
    }

    private mutating func apply(_ entries: Node.Mapping, prefix: String, file: String) {
        let roles = ThemeRole.all
        for (key, value) in entries {
            let name = prefix + (key.string ?? "")
            if let role = roles.first(where: { $0.name.lowercased() == name.lowercased() }) {
                palette[keyPath: role.keyPath] = style(value, over: palette[keyPath: role.keyPath], role: name, file: file)
            } else if case let .mapping(group) = value, roles.contains(where: { $0.name.lowercased().hasPrefix(name.lowercased() + ".") }) {
                apply(group, prefix: name + ".", file: file)
            } else {
                let guess = roles.map(\.name).first { $0.lowercased().hasSuffix(name.lowercased()) || name.lowercased().hasSuffix($0.lowercased()) }
                report(key, in: file, "unknown role '\(name)'" + (guess.map { " (did you mean '\($0)'?)" } ?? "") + "; see README's theme roles")
            }
        }
    }

    private mutating func style(_ node: Node, over base: Style, role: String, file: String) -> Style {
        if let text = node.scalar?.string {
            guard let color = ThemeColorName.color(text) else {
                report(node, in: file, "'\(text)' for \(role) is not \(ThemeColorName.expected)")
                return base
            }
            return base.foreground(color)
        }
        guard case let .mapping(fields) = node else {
            report(node, in: file, "expected \(role) to be a colour or a mapping of foreground, background and attributes")
            return base
        }
        var style = base
        for (key, value) in fields {
            let field = key.string ?? ""
            switch field {
            case "foreground", "fg", "background", "bg":
                guard let text = value.string, let color = ThemeColorName.color(text) else {
                    report(value, in: file, "'\(value.string ?? "")' for \(role).\(field) is not \(ThemeColorName.expected)")
                    continue
                }
                if field.hasPrefix("f") { style.foreground = color } else { style.background = color }
            case "bold", "dim", "italic", "underline", "reverse":
                guard let on = value.bool else {
                    report(value, in: file, "expected true or false for \(role).\(field)")
                    continue
                }
                let attribute: TextAttributes = ["bold": .bold, "dim": .dim, "italic": .italic, "underline": .underline][field] ?? .reverse
                if on { style.attributes.formUnion(attribute) } else { style.attributes.subtract(attribute) }
            default:
                report(key, in: file, "unknown key '\(field)' in \(role); expected one of: \(Self.styleKeys.joined(separator: ", "))")
            }
        }
        return style
    }

    private mutating func report(_ node: Node, in file: String, _ message: String) {
        problems.append(ThemeFileProblem(file: file, line: (node.mark?.line ?? 0), column: (node.mark?.column ?? 0), message: message))
    }

    private static func line(of error: YamlError) -> Int {
        if case let .scanner(_, _, mark, _) = error { return mark.line }
        if case let .parser(_, _, mark, _) = error { return mark.line }
        return 0
    }
}
