/// How much of the split axis one segment of a `Layout` asks for.
public enum Constraint: Hashable, Sendable {
    /// Exactly this many cells, if they are left.
    case length(Int)
    /// This percentage (0–100) of the space left after spacing, if it is left.
    case percentage(Int)
    /// A share of whatever the fixed segments leave, proportional to the weight.
    case fill(Int)
}
