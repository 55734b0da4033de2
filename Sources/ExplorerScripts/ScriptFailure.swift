import ExplorerWorkspace

/// Why a script stopped: a syntax error, an exception it did not catch, or the time limit, with where it was.
public struct ScriptFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Equatable {
        /// The script does not parse.
        case syntax
        /// It threw, or called what is not there.
        case runtime
        /// It ran past the time limit.
        case timeout
        /// Its `file:` is outside the collection or cannot be read.
        case file
        /// JavaScriptCore could not be loaded, so no script can run.
        case engine
    }

    /// What went wrong.
    public var kind: Kind
    /// The engine's message (`TypeError: undefined is not an object (evaluating 'x.id')`).
    public var message: String
    /// The file the script is in.
    public var file: String
    /// The line in `file`, when known.
    public var line: Int?
    /// The column, when the engine gives one.
    public var column: Int?
    /// `before` or `after`.
    public var event: ScriptPhase

    /// A failure.
    public init(kind: Kind, message: String, file: String, line: Int?, column: Int?, event: ScriptPhase) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.event = event
    }

    /// `file:line:column: error: the before script …`, as compilers write it.
    public var description: String {
        let place = [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return "\(place): error: the \(event.rawValue) script \(kind == .timeout ? "ran too long" : "failed"): \(message)"
    }
}
