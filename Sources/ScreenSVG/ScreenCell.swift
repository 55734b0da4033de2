/// One cell of a captured screen.
struct ScreenCell: Hashable, Sendable {
    /// The grapheme drawn here; empty in the right half of a wide character.
    var text: String
    /// Its colours and attributes.
    var style: CellStyle
    /// Columns the grapheme spans: 1, 2 for a wide character, 0 for the column a wide character covers on its right.
    var width: Int

    /// A space in `style`, as cleared cells and padding are.
    static func blank(_ style: CellStyle = .plain) -> ScreenCell {
        ScreenCell(text: " ", style: style, width: 1)
    }

    /// The column to the right of a wide character, which draws nothing of its own.
    static func continuation(_ style: CellStyle) -> ScreenCell {
        ScreenCell(text: "", style: style, width: 0)
    }
}
