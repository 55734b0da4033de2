import Foundation

extension RequestResolver {
    /// The `{{$prompt Label}}` questions resolving this request would ask that `inputs.promptAnswers` does not
    /// answer, in the order met; found by a preview, so no program runs and nothing is asked.
    public func unansweredPrompts() -> [PromptQuestion] {
        let noted = NotedInputs()
        var looking = self
        looking.inputs.isSending = false
        looking.inputs.notesPrompt = { noted.add(PromptQuestion(label: $0, secret: $1)) }
        _ = try? looking.resolve()
        return noted.questions
    }

    /// The `{{$command …}}` resolving this request would run that have not run in this process; found by a preview.
    public func commandsToRun() -> [String] {
        let noted = NotedInputs()
        var looking = self
        looking.inputs.isSending = false
        looking.inputs.notesCommand = { noted.add(command: $0) }
        _ = try? looking.resolve()
        return noted.commands
    }
}

/// What a preview met, once each.
private final class NotedInputs: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var noted: [PromptQuestion] = []
    private var commandsMet: [String] = []

    func add(_ question: PromptQuestion) {
        lock.lock()
        defer { lock.unlock() }
        if let index = noted.firstIndex(where: { $0.label == question.label }) {
            // Asked hidden if any use of the label is secret.
            noted[index].secret = noted[index].secret || question.secret
        } else {
            noted.append(question)
        }
    }

    func add(command: String) {
        lock.lock()
        defer { lock.unlock() }
        if !commandsMet.contains(command) { commandsMet.append(command) }
    }

    var questions: [PromptQuestion] {
        lock.lock()
        defer { lock.unlock() }
        return noted
    }

    var commands: [String] {
        lock.lock()
        defer { lock.unlock() }
        return commandsMet
    }
}
