/// How `send` prints bodies, as in HTTPie: formatted, coloured, both, or raw (`--pretty`, `response.pretty`).
public enum PrettyMode: String, Sendable, Equatable, CaseIterable {
    case all, colors, format, none

    /// Whether bodies are formatted (indented).
    public var formats: Bool { self == .all || self == .format }
    /// Whether bodies are coloured.
    public var colors: Bool { self == .all || self == .colors }
}
