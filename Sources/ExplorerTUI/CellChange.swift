/// A cell that differs from the previous frame, as reported by `CellBuffer.diff(from:)`.
public struct CellChange: Hashable, Sendable {
    /// Column of the changed cell.
    public var x: Int
    /// Row of the changed cell.
    public var y: Int
    /// The new content; a wide cell also covers column `x + 1`.
    public var cell: Cell

    /// Creates a change record.
    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}
