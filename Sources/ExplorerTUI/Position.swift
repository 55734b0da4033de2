/// A cell coordinate: column `x`, row `y`, both zero-based from the top-left corner.
public struct Position: Hashable, Sendable {
    /// Zero-based column.
    public var x: Int
    /// Zero-based row.
    public var y: Int

    /// Creates a position.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
