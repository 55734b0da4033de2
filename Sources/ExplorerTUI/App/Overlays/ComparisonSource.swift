/// Where the two sides of a comparison come from: sent now in two environments, or read from history.
public enum ComparisonSource: Sendable, Equatable {
    /// The request sent in the active environment and another.
    case environments
    /// Two kept exchanges (or one and the live response), read from history.
    case history
}
