/// Why a saved WebSocket message cannot be sent: a variable that does not resolve, or base64 that does not decode.
public struct SavedMessageFailure: Error, Sendable, CustomStringConvertible {
    /// The message's name.
    public var name: String
    /// What is wrong with it.
    public var reason: String

    /// A failure of the message `name`.
    package init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// A sentence naming the message.
    public var description: String { "message '\(name)' \(reason)" }
}
