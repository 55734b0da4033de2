import ArgumentParser
import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// `apiexplorer config`: the settings in force and where each came from; `--init` writes a commented file.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the settings in force and where each came from (default, file:LINE, env, flag); --init writes a commented config file.",
        discussion: """
            The config file is --config FILE, else $APIEXPLORER_CONFIG, else $XDG_CONFIG_HOME/apiexplorer/config.yaml \
            (~/.config/apiexplorer/config.yaml). Flags win over environment variables, which win over the file. \
            Pass the flags explore takes (--no-mouse, --history, --no-history) to see their effect. Exit codes: 0; 1 a \
            named config file is missing, the file does not parse, --check found an error or a warning, or --init would \
            overwrite a file without --force.
            """
    )

    @OptionGroup var config: ConfigOptions

    @Flag(name: .customLong("init"), help: "Write a commented config file at the config path (creating its directory).")
    var initialize = false

    @Flag(name: .long, help: "With --init: replace a file that exists.")
    var force = false

    @Flag(name: .long, help: "Print the settings as JSON.")
    var json = false

    @Flag(name: .long, help: "Check the config file: print its errors and warnings and exit 1 when there is one, 0 when it is clean (for CI).")
    var check = false

    @Flag(name: .customLong("no-mouse"), help: "As explore's --no-mouse, to see its effect.")
    var noMouse = false

    @OptionGroup var historyOptions: HistoryOptions

    @OptionGroup var themeOptions: ThemeOptions

    func run() throws {
        let location = config.location
        if initialize {
            try writeTemplate(to: location.path)
            return
        }
        let file = try config.load(reportWarnings: false, stopsOnErrors: false)
        let keymapProblems = KeyMap.configured(preset: file.keymapPreset?.value, overrides: file.keymapOverrides).problems
        let problems = file.problems + keymapProblems
        if check {
            for problem in problems { StandardError.write((problem.isWarning ? "" : "error: ") + problem.description) }
            let count = problems.count
            StandardOutput.write(Array(((count == 0 ? "\(location.path): no problems" : "\(location.path): \(count) problem\(count == 1 ? "" : "s")") + "\n").utf8))
            if count > 0 { throw ExitCode(.failed) }
            return
        }
        let resolved = ResolvedConfig(file: file, flags: ConfigFlags(noMouse: noMouse, historyFile: historyOptions.file, noHistory: historyOptions.disabled,
                                                                    theme: themeOptions.theme))
        // A rebinding the key map dropped (a conflict, an unknown mode, action or key) is not in force: say so beside it.
        let places = Set(keymapProblems.map(\.location.description))
        let dropped = Set(file.keymapOverrides.filter { override in
            ([override.location, override.modeLocation] + override.keys.map(\.location)).contains { places.contains($0.description) }
        }.map { "keymap.\($0.mode).\($0.action)" })
        let entries = resolved.entries.map { entry in
            dropped.contains(entry.key) ? ConfigEntry(entry.key, entry.value + " (not applied: see the warning)", entry.origin) : entry
        }
        for problem in problems { StandardError.write(problem.description) }
        if json {
            let object: [String: Any] = [
                "file": location.path, "fileOrigin": location.origin.description, "exists": file.exists,
                "settings": entries.map { ["key": $0.key, "value": $0.value, "origin": $0.origin.description] },
                "warnings": problems.map(\.description),
            ]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
            StandardOutput.write(Array(data) + [0x0A])
            return
        }
        var lines = ["# \(location.path) (\(location.origin))\(file.exists ? "" : ": not found, defaults apply")"]
        let keyWidth = entries.map(\.key.count).max() ?? 0
        let valueWidth = min(56, entries.map(\.value.count).max() ?? 0)
        for entry in entries {
            let key = entry.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0)
            let value = entry.value.count >= valueWidth ? entry.value : entry.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0)
            lines.append("\(key)  \(value)  \(entry.origin)")
        }
        StandardOutput.write(Array((lines.joined(separator: "\n") + "\n").utf8))
        // A file that does not parse fails, as everywhere it is read; warnings do not (--check fails on them too).
        if file.problems.contains(where: { !$0.isWarning }) { throw ExitCode(.failed) }
    }

    private func writeTemplate(to path: String) throws {
        if FileManager.default.fileExists(atPath: path), !force {
            StandardError.write("error: \(path) exists; pass --force to replace it")
            throw ExitCode(.failed)
        }
        let directory = PathText.split(path).directory
        do {
            if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            try Data(ConfigTemplate.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            StandardError.write("error: could not write \(path): \(error.localizedDescription)")
            throw ExitCode(.failed)
        }
        print("Wrote \(path); `apiexplorer config` shows the settings in force.")
    }
}
