/// Why a line typed in the Checks tab is not a capture, a need or a check: a sentence naming what was expected.
public struct CheckLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}
