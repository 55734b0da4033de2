/// Why a JSONPath check or capture could not read the body (not JSON, empty, a path that does not parse).
public struct JSONBodyError: Error, Sendable, Equatable {
    /// The reason in words.
    public var message: String

    /// Creates an error.
    public init(message: String) { self.message = message }
}
