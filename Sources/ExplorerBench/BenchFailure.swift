/// A benchmark could not run; the message says what failed.
struct BenchFailure: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    /// Creates a failure with its message.
    init(_ description: String) {
        self.description = description
    }
}
