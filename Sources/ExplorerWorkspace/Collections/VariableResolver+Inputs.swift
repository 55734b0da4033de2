import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension VariableResolver {
    /// `{{$file path}}`, `{{$prompt Label}}` and `{{$command …}}`; nil for any other name.
    func input(_ name: String, chain: [String]) throws(VariableError) -> String? {
        if let path = TemplateScanner.argument(of: "$file", in: name) { return try fileText(path, name: name) }
        if let label = TemplateScanner.argument(of: "$prompt", in: name) { return try answer(label, name: name, chain: chain) }
        if let command = TemplateScanner.argument(of: "$command", in: name) { return try output(of: command, name: name) }
        return nil
    }

    /// The process environment variable `key` when sending and trusted to read it, nil when it is not set; the
    /// template `{{shown}}` in a preview, which reads nothing.
    func environmentValue(_ key: String, for shown: String) throws(VariableError) -> String? {
        guard try reading(OutsideRead(.environment, key), name: shown) else { return "{{\(shown)}}" }
        return processEnvironment[key]
    }

    /// Whether `read` (nil: nothing outside the collection) happens now: false in a preview (the caller shows the
    /// template); in a send, true once the collection is trusted with it, and an error naming `name` when it is not.
    func reading(_ read: OutsideRead?, name: String) throws(VariableError) -> Bool {
        guard inputs.readsNow(read) else { return false }
        if let read, !inputs.trust.allows(read) {
            throw VariableError(name: name, context: context, environment: environmentName,
                                reason: "\(read.description), and this collection is not trusted to",
                                advice: inputs.trustAdvice ?? "Trust the collection first: apiexplorer trust COLLECTION lists what it reads and runs.")
        }
        return true
    }

    /// What the collection's boundary is for `{{$file}}`: its directory, or the working directory when there is none.
    var boundary: CollectionBoundary {
        CollectionBoundary(directory: directory ?? FileManager.default.currentDirectoryPath,
                           home: processEnvironment["HOME"] ?? NSHomeDirectory())
    }

    /// A file's text, its path relative to the collection (or absolute, `~` for the home directory), without the
    /// final line break an editor adds (a token file would otherwise break a header). A file outside the collection
    /// (after `..` and symbolic links) is read only when the collection is trusted with it; a preview reads nothing.
    private func fileText(_ path: String, name: String) throws(VariableError) -> String {
        let boundary = self.boundary
        let full = boundary.absolute(path)
        guard try reading(boundary.outsideRead(full), name: name) else { return "{{\(name)}}" }
        func failure(_ reason: String, _ advice: String = "A relative path is taken from the collection's directory.") -> VariableError {
            VariableError(name: name, context: context, environment: environmentName, reason: reason, advice: advice)
        }
        var info = stat()
        guard stat(full, &info) == 0 else { throw failure("reads \(full), which does not exist") }
        // A FIFO or a device would block or never end; only a regular file has text to insert.
        guard info.st_mode & S_IFMT == S_IFREG else {
            let what = info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file (a device, FIFO or socket)"
            throw failure("reads \(full), which is \(what)")
        }
        guard info.st_size <= VariableResolver.maximumFileSize else {
            throw failure("reads \(full), which is \(CollectionLoader.sizeText(Int(info.st_size))); {{$file}} reads at most \(CollectionLoader.sizeText(VariableResolver.maximumFileSize))",
                          "Send a large file as a file body instead.")
        }
        guard let data = FileManager.default.contents(atPath: full) else {
            throw failure("reads \(full), which cannot be read (permission denied)")
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw failure("reads \(full), which is not UTF-8 text", "Send a binary file as a file body instead.")
        }
        if text.last?.isNewline == true { text.removeLast() }
        return text
    }

    /// The most `{{$file}}` inserts: a token or a key, never a body.
    static let maximumFileSize = 1024 * 1024

    /// What `{{$command …}}` printed: run once per process when sending in a collection trusted with it,
    /// `{{$command …}}` in a preview.
    private func output(of command: String, name: String) throws(VariableError) -> String {
        guard try reading(OutsideRead(.command, command), name: name) else { return "{{\(name)}}" }
        let workingDirectory = directory ?? FileManager.default.currentDirectoryPath
        if let known = inputs.secretStore.cachedOutput(of: command, in: workingDirectory) { return known }
        // Masking only looks: it never runs a program.
        guard inputs.mayRun else { return "{{\(name)}}" }
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
