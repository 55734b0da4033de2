/// How thick one arm of a box-drawing character is.
enum BoxLineWeight: Int, Hashable, Sendable {
    /// No line on that side.
    case none
    /// `─`, `│` and the like.
    case light
    /// `━`, `┃` and the like.
    case heavy
}
