import ExplorerCore
import ExplorerWorkspace

/// The question a `{{$prompt Label}}` asks before a send: one line to type the answer in, shown as bullets when it
/// goes into a secret variable. The answer is kept for the session, so the same label is not asked twice.
public struct ValuePrompt: Sendable, Equatable {
    /// What is asked.
    public var question: PromptQuestion
    /// The answer being typed.
    public var field: TextField

    /// A prompt for `question` with an empty answer.
    public init(question: PromptQuestion) {
        self.question = question
        self.field = TextField(placeholder: question.secret ? "typed hidden" : "")
    }
}
