/// One `console.log` (or `info`, `warn`, `error`, `debug`), its secrets masked.
public struct ScriptConsoleLine: Sendable, Equatable {
    /// `log`, `info`, `warn`, `error` or `debug`.
    public var level: String
    /// The arguments as text, separated by spaces.
    public var text: String

    /// A console line.
    public init(level: String, text: String) {
        self.level = level
        self.text = text
    }
}
