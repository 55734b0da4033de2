import Foundation

extension VariableResolver {
    /// `{{$file path}}` and `{{$prompt Label}}`; nil for any other name.
    func input(_ name: String, chain: [String]) throws(VariableError) -> String? {
        if let path = argument(of: "$file", in: name) { return try fileText(path, name: name) }
        if let label = argument(of: "$prompt", in: name) { return try answer(label, name: name, chain: chain) }
        if let command = argument(of: "$command", in: name) { return try output(of: command, name: name) }
        return nil
    }

    /// The text after `keyword` and a space, nil when `name` is not that built-in.
    private func argument(of keyword: String, in name: String) -> String? {
        guard name.hasPrefix(keyword + " ") else { return nil }
        let rest = name.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : rest
    }

    /// A file's text, its path relative to the collection (or absolute, `~` for the home directory), without the
    /// final line break an editor adds (a token file would otherwise break a header).
    private func fileText(_ path: String, name: String) throws(VariableError) -> String {
        var full = path
        if full == "~" || full.hasPrefix("~/") {
            let home = processEnvironment["HOME"] ?? NSHomeDirectory()
            full = home + full.dropFirst()
        } else if !full.hasPrefix("/") {
            full = PathText.appending(directory ?? FileManager.default.currentDirectoryPath, full)
        }
        guard let data = FileManager.default.contents(atPath: full) else {
            let why = FileManager.default.fileExists(atPath: full) ? "cannot be read (permission denied)" : "reads \(full), which does not exist"
            throw VariableError(name: name, context: context, environment: environmentName, reason: why,
                                advice: "A relative path is taken from the collection's directory.")
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw VariableError(name: name, context: context, environment: environmentName, reason: "reads \(full), which is not UTF-8 text",
                                advice: "Send a binary file as a file body instead.")
        }
        if text.last?.isNewline == true { text.removeLast() }
        return text
    }

    /// What `{{$command …}}` printed: run once per process when sending in a collection whose commands are
    /// allowed, `{{$command …}}` in a preview.
    private func output(of command: String, name: String) throws(VariableError) -> String {
        let workingDirectory = directory ?? FileManager.default.currentDirectoryPath
        if let known = inputs.secretStore.cachedOutput(of: command, in: workingDirectory) { return known }
        guard inputs.isSending, inputs.mayAsk else {
            if inputs.mayAsk { inputs.notesCommand?(command) }
            return "{{\(name)}}"
        }
        guard inputs.allowsCommands else {
            throw VariableError(name: name, context: context, environment: environmentName,
                                reason: "runs a shell command, and this collection's commands are not allowed", advice: inputs.commandAdvice)
        }
        do {
            return try inputs.secretStore.output(of: command, in: workingDirectory, environment: processEnvironment)
        } catch {
            throw VariableError(name: name, context: context, environment: environmentName, reason: "could not run: \(error.description)",
                                advice: "Run it in a shell from the collection's directory to see why.")
        }
    }

    /// The answer to `{{$prompt Label}}`: given already, asked now, `{{$prompt Label}}` in a preview, or an error
    /// when a send has no one to ask.
    private func answer(_ label: String, name: String, chain: [String]) throws(VariableError) -> String {
        if let given = inputs.promptAnswers[label] ?? inputs.prompter?.givenAnswer(label) { return given }
        // Secret when any variable on the way to it is: `password: {{$prompt Password}}` in a secret variable.
        let secret = chain.contains { lookup($0)?.secret == true }
        guard inputs.isSending, inputs.mayAsk else {
            if inputs.mayAsk { inputs.notesPrompt?(label, secret) }
            return "{{\(name)}}"
        }
        if let value = inputs.prompter?.ask(label, secret: secret) { return value }
        let advice = chain.last.map { "Pass --set \($0)=VALUE." } ?? "Put it in a variable and pass --set NAME=VALUE."
        throw VariableError(name: name, context: context, environment: environmentName, reason: "needs a terminal", advice: advice)
    }
}
