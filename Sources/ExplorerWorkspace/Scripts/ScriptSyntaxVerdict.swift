/// What checking the syntax of a script being edited found: it compiles, where it does not, or why it could not be
/// checked.
public enum ScriptSyntaxVerdict: Sendable, Equatable, CustomStringConvertible {
    /// The script parses.
    case compiles
    /// The script does not parse: the engine's message and where, counted in the script's own lines (1-based).
    case error(message: String, line: Int?, column: Int?)
    /// No check ran (JavaScriptCore could not be loaded), and why.
    case unchecked(String)

    /// "✓ compiles", "✗ line 2, column 7: SyntaxError: …" or "not checked: …".
    public var description: String {
        switch self {
        case .compiles:
            return "✓ compiles"
        case let .error(message, line, column):
            let place = [line.map { "line \($0)" }, column.map { "column \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return "✗ " + (place.isEmpty ? "" : place + ": ") + message
        case let .unchecked(reason):
            return "not checked: " + reason
        }
    }
}
