/// Why a tool call could not do what it was asked, in words for the agent: returned as a tool error
/// (`isError: true`), never as a protocol error, so the agent reads the reason and can correct its call.
public struct MCPToolFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, secrets already masked.
    public var message: String

    /// A failure saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
