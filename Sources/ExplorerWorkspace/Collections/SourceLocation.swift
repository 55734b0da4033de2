/// A place in a file: for error messages that say exactly where to look.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file path.
    public var file: String
    /// 1-based line, 0 when unknown.
    public var line: Int
    /// 1-based column, 0 when unknown.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, leaving out what is unknown.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column)" : file
    }
}
