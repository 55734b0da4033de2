/// Whether the panes stack vertically (tree on top, then request, then response) or sit side by side.
public enum LayoutStack: String, Sendable, Equatable, CaseIterable, Codable {
    /// Stacked on a terminal under `LayoutSettings.stackBelowWidth` columns, side by side otherwise.
    case auto
    /// Always stacked.
    case always
    /// Always side by side.
    case never
}
