/// The reason a `ResponseValidator` rejected a response.
public struct ValidationFailure: Error, Sendable, CustomStringConvertible {
    /// What was wrong, in words a person can read.
    public let message: String
    /// Creates a failure with a message.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
