/// A response header that differs between two responses (names compared without case).
public enum HeaderDifference: Sendable, Equatable {
    /// Both have the header with different values.
    case changed(name: String, from: String, to: String)
    /// Only the first response has the header.
    case onlyInFirst(name: String, value: String)
    /// Only the second response has the header.
    case onlyInSecond(name: String, value: String)
}
