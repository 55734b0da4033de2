/// What resolving may read from outside the collection's files, and whether it may now: secret references
/// (`op://…`), `{{$prompt Label}}` answers, `{{$command …}}` output, `{{$file …}}` and environment variables. A
/// preview on the UI thread reads nothing and shows `{{name}}`; a send reads what the collection is trusted with.
public struct ResolutionInputs: Sendable {
    /// What sending keeps between requests (cookie jars, OAuth tokens, Digest sessions, secrets read), owned by the
    /// caller; a resolver left with its own keeps nothing beyond itself.
    public var context = SendContext()
    /// Where secret references are read and kept: the context's.
    public var secretStore: SecretStore { context.secrets }
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

    /// What outside the collection the user trusts it to read or run (`apiexplorer trust`, the explorer's question,
    /// `--trust`); anything else is never read or run.
    public var trust = TrustGrant.nothing
    /// What to do when a send meets something the collection is not trusted to read or run; nil: run the trust
    /// command (a request resolver names its collection in it).
    public var trustAdvice: String?
    /// Told of each outside read (a command, a file elsewhere, an environment variable, a secret store) a preview
    /// meets, to ask for trust before sending.
    public var notesOutsideRead: (@Sendable (OutsideRead) -> Void)?

    /// Files and environment variables may be read: resolving to send, masking included.
    var mayRead: Bool { isSending }

    /// Whether resolving reads `read` (nil: nothing outside the collection) now: a send does, once its trust allows
    /// it; a preview does not, and notes it so that trust is asked for before sending.
    func readsNow(_ read: OutsideRead?) -> Bool {
        guard mayRead else {
            if mayAsk, let read { notesOutsideRead?(read) }
            return false
        }
        return true
    }
    /// Programs may run and questions be asked: resolving to send, not only looking.
    var mayRun: Bool { isSending && mayAsk }

    /// Nothing read: a preview.
    public init() {}
}
