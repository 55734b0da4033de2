/// Something that draws itself into a rect of a cell buffer; widgets hold no terminal state.
public protocol Widget: Sendable {
    /// Draws into `rect`, clipped to it and to the buffer; drawing outside `rect` is a bug.
    func render(in rect: Rect, buffer: inout CellBuffer)
}
