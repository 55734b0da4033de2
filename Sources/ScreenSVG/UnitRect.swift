/// A rectangle inside one cell, in fractions of the cell's width and height (0 at the top left).
struct UnitRect: Hashable, Sendable {
    /// Left edge, 0-1.
    var x: Double
    /// Top edge, 0-1.
    var y: Double
    /// Width, 0-1.
    var width: Double
    /// Height, 0-1.
    var height: Double
}
