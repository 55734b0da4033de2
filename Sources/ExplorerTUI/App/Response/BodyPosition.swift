/// A place in the body view: a display line and, when lines wrap, a row within it.
struct BodyPosition: Comparable, Sendable {
    /// The display line.
    var line: Int
    /// Rows of that line above the place (0 unless wrapping).
    var row: Int

    static func < (lhs: BodyPosition, rhs: BodyPosition) -> Bool {
        (lhs.line, lhs.row) < (rhs.line, rhs.row)
    }
}
