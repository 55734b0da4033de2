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

    /// What outside its collection resolving this request would read or run (commands, files elsewhere,
    /// environment variables, secret stores), in the order met; found by a preview, so nothing is read or run.
    public func outsideReads() -> [OutsideRead] {
        let noted = NotedInputs()
        var looking = self
        looking.inputs.isSending = false
        looking.inputs.mayAsk = true
        looking.inputs.notesOutsideRead = { noted.add(read: $0) }
        _ = try? looking.resolve()
        let variables = looking.variableResolver
        for check in looking.checks { _ = try? check.resolvingVariables(with: variables) }
        return noted.reads
    }

    /// The outside reads of this request that `inputs.trust` does not allow.
    public func untrustedReads() -> [OutsideRead] {
        outsideReads().filter { !inputs.trust.allows($0) }
    }
}

/// What a preview met, once each.
private final class NotedInputs: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var noted: [PromptQuestion] = []
    private var readsMet: [OutsideRead] = []

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

    func add(read: OutsideRead) {
        lock.lock()
        defer { lock.unlock() }
        if !readsMet.contains(read) { readsMet.append(read) }
    }

    var questions: [PromptQuestion] {
        lock.lock()
        defer { lock.unlock() }
        return noted
    }

    var reads: [OutsideRead] {
        lock.lock()
        defer { lock.unlock() }
        return readsMet
    }
}
