/// Answers `{{$prompt Label}}` on a send: from an answer given before, or by asking someone.
public protocol PromptAnswering: Sendable {
    /// The answer to `label` if it was given already; never asks, so masking may call it.
    func givenAnswer(_ label: String) -> String?
    /// Asks for `label` (hidden when `secret`); nil when there is no one to ask.
    func ask(_ label: String, secret: Bool) -> String?
}
