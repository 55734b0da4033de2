import ArgumentParser
import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// `--theme` and the custom themes in `themes/` beside the config file: what `T` cycles through and where it starts.
struct ThemeOptions: ParsableArguments {
    @Option(name: .long, help: "The theme: dark, light, high-contrast, 16-color, a custom theme's name or a theme file (also APIEXPLORER_THEME).")
    var theme: String?

    /// The themes to offer and the one to start on, and what was wrong in custom theme files (shown as warnings).
    /// `--theme` wins over `APIEXPLORER_THEME`, which wins over the config file's `configured` theme (with where it is
    /// written). Throws with the reason when the flag's or variable's theme cannot be used; the config file's is a
    /// warning, and the default theme is used, as for every bad value in that file.
    /// Custom themes are read from `themes/` beside `configFile`, where the config file's `theme:` finds them by name.
    func selection(configFile: ConfigLocation, configured: (value: String, location: String)? = nil,
                   environment: [String: String] = ProcessInfo.processInfo.environment) throws(ThemeFileProblem) -> (ThemeSelection, [ThemeFileProblem]) {
        var custom: [ThemePalette] = []
        var problems: [ThemeFileProblem] = []
        let directory = configFile.themesDirectory
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        for name in files {
            do {
                let file = try ThemeFile.load(path: directory + "/" + name)
                custom.append(file.palette)
                problems += file.problems
            } catch {
                problems.append(error)
            }
        }
        let variable = environment["APIEXPLORER_THEME"].flatMap { $0.isEmpty ? nil : $0 }
        if theme == nil, variable == nil, let configured {
            do {
                let (selection, more) = try Self.choose(configured.value, from: custom, named: configured.location)
                return (selection, problems + more)
            } catch {
                return (ThemeSelection(custom: custom), problems + [error])
            }
        }
        guard let wanted = theme ?? variable else { return (ThemeSelection(custom: custom), problems) }
        let (selection, more) = try Self.choose(wanted, from: custom, named: theme != nil ? "--theme" : "APIEXPLORER_THEME")
        return (selection, problems + more)
    }

    /// The selection starting on `wanted`, a theme's name or a theme file's path given by `source`.
    private static func choose(_ wanted: String, from custom: [ThemePalette], named source: String) throws(ThemeFileProblem) -> (ThemeSelection, [ThemeFileProblem]) {
        if wanted.contains("/") || wanted.hasSuffix(".yaml") || wanted.hasSuffix(".yml") {
            let file = try ThemeFile.load(path: wanted)
            return (ThemeSelection(custom: custom + [file.palette], start: file.palette.name), file.problems)
        }
        let name = ThemePalette.builtIn(named: wanted)?.name ?? wanted
        let selection = ThemeSelection(custom: custom, start: name)
        guard selection.palette.name == name else {
            let names = selection.available.map(\.name).joined(separator: ", ")
            throw ThemeFileProblem(file: source, line: 0, column: 0, message: "no theme '\(wanted)'; themes: \(names), or a theme file's path")
        }
        return (selection, [])
    }

}
