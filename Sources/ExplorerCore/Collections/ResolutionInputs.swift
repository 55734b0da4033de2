/// What resolving may read from outside the collection's files, and whether it may now: secret references
/// (`op://…`), `{{$prompt Label}}` answers and `{{$command …}}` output. A preview on the UI thread reads nothing and
/// shows `{{name}}`; a send reads.
public struct ResolutionInputs: Sendable {
    /// Where secret references are read and kept.
    public var secretStore: SecretStore = .shared
    /// Resolving to send, off the UI thread: programs run to read secret references not read yet, and a prompt with
    /// no one to ask is an error. When false (a preview) both stay `{{name}}`.
    public var isSending = false
    /// Told the variable's name before a program runs to read its secret reference, for a status line.
    public var willReadSecret: (@Sendable (String, SecretReference) -> Void)?
    /// `{{$prompt Label}}` answers already given, by label.
    public var promptAnswers: [String: String] = [:]
    /// Answers `{{$prompt Label}}` not in `promptAnswers`, asking when `mayAsk`.
    public var prompter: (any PromptAnswering)?
    /// False while only looking (masking): no question is asked, only answers given before are used.
    public var mayAsk = true
    /// Told of each `{{$prompt Label}}` a preview meets unanswered (and whether it is secret), to ask before sending.
    public var notesPrompt: (@Sendable (String, Bool) -> Void)?

    /// The user allowed this collection's `{{$command …}}` (asked once, or `run --allow-commands`).
    public var allowsCommands = false
    /// What to do when a send meets a command that is not allowed.
    public var commandAdvice = "Allow the collection's commands first: apiexplorer send asks on a terminal, run takes --allow-commands."
    /// Told of each `{{$command …}}` a preview meets that has not run, to ask before sending.
    public var notesCommand: (@Sendable (String) -> Void)?

    /// Nothing read: a preview.
    public init() {}
}
