import ArgumentParser
import ExplorerCore
import ExplorerTUI
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerWorkspace

/// `--config FILE`, shared by the commands the config file affects (explore, send, run, diff, auth, export, envs,
/// cookies, config).
struct ConfigOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: "The config file (default: $APIEXPLORER_CONFIG, else $XDG_CONFIG_HOME/apiexplorer/config.yaml, else ~/.config/apiexplorer/config.yaml).")
    var file: String?

    /// The file this run reads.
    var location: ConfigLocation { ConfigLocation(flag: file) }

    /// Reads the config file. A default file that is missing is an empty config; one the user named (`--config`,
    /// `APIEXPLORER_CONFIG`) that is missing exits 1. Warnings go to standard error when `reportWarnings`.
    func load(reportWarnings: Bool = true, stopsOnErrors: Bool = true) throws -> ConfigFile {
        let location = self.location
        let config = ConfigLoader.load(path: location.path)
        if location.isExplicit, !config.exists {
            StandardError.write("error: the config file \(location.path) (\(location.origin)) does not exist; `apiexplorer config --init --config \(location.path)` writes one")
            throw ExitCode(.failed)
        }
        // A file that does not parse is an error wherever it is read: going on with defaults hid it.
        if stopsOnErrors, config.problems.contains(where: { !$0.isWarning }) {
            for problem in config.problems where !problem.isWarning { StandardError.write("error: " + problem.description) }
            StandardError.write("error: fix the config file \(location.path) (apiexplorer config --check checks it)")
            throw ExitCode(.trouble)
        }
        if reportWarnings { for problem in config.problems { StandardError.write(problem.description) } }
        return config
    }

    /// The settings in force for `file` and the command's `flags`. The file's values for history, clipboard, pager,
    /// editor and mouse are handed to their readers as the environment variables those already read, only where the
    /// user left the variable unset: the variable keeps winning and its meaning stays the documented one.
    func apply(_ file: ConfigFile, flags: ConfigFlags = ConfigFlags()) -> ResolvedConfig {
        let resolved = ResolvedConfig(file: file, flags: flags)
        for (name, value) in resolved.environmentDefaults(for: ProcessInfo.processInfo.environment) { setenv(name, value, 1) }
        return resolved
    }

    /// For the `history` subcommands, which read what the others recorded: the config file's `history.path`,
    /// `maxAge` and `largeBodies` (not `enabled: false`, which stops recording, not reading), where no variable is set.
    static func applyHistoryLocation() {
        let location = ConfigLocation(flag: nil)
        let file = ConfigLoader.load(path: location.path)
        let environment = ProcessInfo.processInfo.environment
        for (name, value) in ResolvedConfig(file: file, environment: environment).environmentDefaults(for: environment)
        where name.hasPrefix("APIEXPLORER_HISTORY") && !(name == "APIEXPLORER_HISTORY" && value == "off") {
            setenv(name, value, 1)
        }
    }

    /// The key map the file asks for, its warnings written to standard error.
    func keyMap(_ file: ConfigFile) -> (map: KeyMap, problems: [CollectionProblem]) {
        let configured = KeyMap.configured(preset: file.keymapPreset?.value, overrides: file.keymapOverrides)
        for problem in configured.problems { StandardError.write(problem.description) }
        return configured
    }

    /// The environment the file names for `collection` when no `--env` is given; a name the collection does not have
    /// is reported (with the file's line) and the collection's own default is used.
    static func environment(for collection: CollectionSpec, in file: ConfigFile) -> (name: String?, problem: CollectionProblem?) {
        guard let setting = file.environment(forCollection: collection.name, slug: collection.slug) else { return (nil, nil) }
        guard collection.environment(named: setting.value) != nil else {
            let names = collection.environments.map(\.name).joined(separator: ", ")
            return (nil, CollectionProblem(setting.location, "collection \"\(collection.name)\" has no environment \"\(setting.value)\" (it has: \(names.isEmpty ? "none" : names)); its default is used",
                                           isWarning: true))
        }
        return (setting.value, nil)
    }

    /// The environment `flag` (`--env`) names, else the one the file names for `target`'s collection, else the
    /// collection's default; exit code 1 for an unknown `--env`.
    static func environment(_ flag: String?, for target: RequestReference, in file: ConfigFile) throws -> EnvironmentSpec? {
        guard flag == nil else { return try target.environment(named: flag) }
        let chosen = environment(for: target.collection, in: file)
        if let problem = chosen.problem { StandardError.write(problem.description) }
        return try target.environment(named: chosen.name)
    }
}
