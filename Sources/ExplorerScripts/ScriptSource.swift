/// A script to run: its text and where it was written, so an error names the file and line.
public struct ScriptSource: Sendable, Hashable {
    /// The JavaScript.
    public var text: String
    /// The file it is in: a `.js` file, or the collection file that holds it inline.
    public var file: String
    /// The line of `file` its first line is on (1-based).
    public var line: Int

    /// A script of `text` written in `file` from `line`.
    public init(text: String, file: String, line: Int = 1) {
        self.text = text
        self.file = file
        self.line = line
    }
}
