/// A `{{$prompt Label}}` a request needs answered before it is sent.
public struct PromptQuestion: Sendable, Hashable {
    /// The label, as written after `$prompt`.
    public var label: String
    /// True when the answer goes into a secret variable: typed hidden and masked.
    public var secret: Bool

    /// Creates a question.
    public init(label: String, secret: Bool) {
        self.label = label
        self.secret = secret
    }
}
