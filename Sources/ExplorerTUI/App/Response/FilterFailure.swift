/// Why a JSONPath filter did not apply, as a sentence (the path's error with its column, or the body's).
public struct FilterFailure: Error, Sendable {
    /// The sentence.
    public var message: String

    /// Creates a failure.
    public init(_ message: String) {
        self.message = message
    }
}
