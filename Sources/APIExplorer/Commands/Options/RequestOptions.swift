import ArgumentParser
import ExplorerCore
import ExplorerWorkspace

/// `--set` and `--header`, shared by every command that resolves a saved request (send, export, diff).
struct RequestOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: "Set a variable, winning over every other definition: --set NAME=VALUE.")
    var variables: [String] = []

    @Option(name: .long, help: "Add a header: --header 'Name: value'.")
    var header: [String] = []

    func validate() throws {
        for item in variables where !item.contains("=") {
            throw ValidationError("--set takes NAME=VALUE, got '\(item)'")
        }
        for item in header where !item.contains(":") {
            throw ValidationError("--header takes 'Name: value', got '\(item)'")
        }
    }

    /// The `--set` values as variables.
    var overrides: [Variable] {
        variables.map { item in
            let halves = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return Variable(name: String(halves[0]), value: halves.count > 1 ? String(halves[1]) : "")
        }
    }

    /// The `--header` values.
    var extraHeaders: [KeyValue] {
        header.map { item in
            let halves = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            return KeyValue(String(halves[0]).trimmingCharacters(in: .whitespaces),
                            halves.count > 1 ? String(halves[1]).trimmingCharacters(in: .whitespaces) : "")
        }
    }
}
