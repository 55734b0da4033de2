/// The direction a `Layout` splits along.
public enum Axis: Hashable, Sendable {
    /// Side by side, left to right.
    case horizontal
    /// Stacked, top to bottom.
    case vertical
}
