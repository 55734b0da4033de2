/// A load test that cannot start as asked: a threshold, duration or model that does not read.
public struct LoadPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the option and what it expects.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
