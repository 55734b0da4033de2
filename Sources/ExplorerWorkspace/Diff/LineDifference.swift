/// A line that only one of two texts has, with its 1-based line number in that text.
public enum LineDifference: Sendable, Equatable {
    /// A line of the first text that the second lacks.
    case removed(line: Int, text: String)
    /// A line of the second text that the first lacks.
    case added(line: Int, text: String)
}
