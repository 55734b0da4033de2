import ArgumentParser
import ExplorerCore
import Foundation

/// `apiexplorer envs [REF]`: each collection's environments and their variables, secrets masked.
struct EnvsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "envs", abstract: "Show environments and their variables (secrets masked).")

    @Argument(help: "A collection (or a request reference inside it); all collections when absent.", completion: ShellCompletion.references)
    var reference: String?

    @OptionGroup var options: CollectionsOptions

    @OptionGroup var config: ConfigOptions

    @Flag(name: .long, help: "Show secret values instead of masking them.")
    var showSecrets = false

    func run() throws {
        let configFile = try config.load()
        let result = try options.load(about: reference)
        let collections = try CollectionsOptions.collections(reference, in: result)
        var out = ""
        for collection in collections {
            out += "\(collection.name)\n"
            let chosen = ConfigOptions.environment(for: collection, in: configFile)
            if let problem = chosen.problem { StandardError.write(problem.description) }
            // Only a setting naming an environment the collection has; another was reported just now.
            let setting = chosen.name == nil ? nil : configFile.environment(forCollection: collection.name, slug: collection.slug)
            for environment in collection.environments {
                var marks = environment.isDefault ? ["default"] : []
                if let setting, setting.value == environment.name { marks.append("chosen by \(setting.location)") }
                out += "  \(environment.name)\(marks.isEmpty ? "" : " (" + marks.joined(separator: "; ") + ")")\n"
                let base = environment.usesBuiltInDemo ? "built-in demo API (started on a free loopback port)" : environment.baseURL
                out += "    baseURL = \(base)\n"
                for variable in environment.variables {
                    let value = variable.secret && !showSecrets ? (variable.value.isEmpty ? "(not set)" : SecretMasker.mask) : variable.value
                    let source = variable.fromEnvironment.map { "  ($\($0))" } ?? ""
                    out += "    \(variable.name) = \(value)\(variable.secret ? "  [secret]" : "")\(source)\n"
                }
            }
        }
        print(TerminalSafeText.sanitizedLines(utf8: Array(out.utf8)).joined(separator: "\n"), terminator: "")
    }
}
