/// Something wrong in a theme file, with where it is written: `file:line:column: message`.
public struct ThemeFileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public var file: String
    /// The 1-based line, or 0 when the whole file is meant.
    public var line: Int
    /// The 1-based column, or 0.
    public var column: Int
    /// What is wrong and what is used instead.
    public var message: String

    /// A problem at `line`:`column` of `file` (0 for the whole file).
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
