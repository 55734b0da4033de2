import ArgumentParser
import ExplorerTUI
import Foundation

/// `--theme` and the custom themes in `$XDG_CONFIG_HOME/apiexplorer/themes`: what `T` cycles through and where it starts.
struct ThemeOptions: ParsableArguments {
    @Option(name: .long, help: "The theme: dark, light, high-contrast, 16-color, a custom theme's name or a theme file (also APIEXPLORER_THEME).")
    var theme: String?

    /// The themes to offer and the one to start on, and what was wrong in custom theme files (shown as warnings).
    /// Throws with the file and line when the theme asked for cannot be used.
    func selection(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ThemeFileProblem) -> (ThemeSelection, [ThemeFileProblem]) {
        var custom: [ThemePalette] = []
        var problems: [ThemeFileProblem] = []
        let directory = Self.themesDirectory(environment: environment)
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
        let wanted = theme ?? environment["APIEXPLORER_THEME"].flatMap { $0.isEmpty ? nil : $0 }
        guard let wanted else { return (ThemeSelection(custom: custom), problems) }
        if wanted.contains("/") || wanted.hasSuffix(".yaml") || wanted.hasSuffix(".yml") {
            let file = try ThemeFile.load(path: wanted)
            return (ThemeSelection(custom: custom + [file.palette], start: file.palette.name), problems + file.problems)
        }
        let selection = ThemeSelection(custom: custom, start: ThemePalette.builtIn(named: wanted)?.name ?? wanted)
        guard selection.palette.name == (ThemePalette.builtIn(named: wanted)?.name ?? wanted) else {
            let names = selection.available.map(\.name).joined(separator: ", ")
            throw ThemeFileProblem(file: theme != nil ? "--theme" : "APIEXPLORER_THEME", line: 0, column: 0,
                                   message: "no theme '\(wanted)'; themes: \(names), or a theme file's path")
        }
        return (selection, problems)
    }

    /// Where custom themes live: `$XDG_CONFIG_HOME/apiexplorer/themes`, else `~/.config/apiexplorer/themes`.
    static func themesDirectory(environment: [String: String]) -> String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return config + "/apiexplorer/themes"
    }
}
