/// One script as a collection file writes it: inline JavaScript, or a `.js` file relative to the collection, with
/// where it was written.
public struct ScriptText: Sendable, Equatable {
    /// Inline text, or a file.
    public enum Body: Sendable, Equatable {
        /// The script's text, written in the collection file.
        case inline(String)
        /// A `.js` file, its path relative to the collection's directory (`file: sign.js`).
        case file(String)
    }

    /// Inline text or a file.
    public var body: Body
    /// Where the text starts (inline) or the `file:` key is (a file); the line is 0 for a script made in the explorer.
    public var location: SourceLocation

    /// A script of `body` written at `location`.
    public init(_ body: Body, at location: SourceLocation = SourceLocation(file: "")) {
        self.body = body
        self.location = location
    }

    /// Two scripts are the same when they say the same; where they were written does not matter (a save moves lines).
    public static func == (lhs: ScriptText, rhs: ScriptText) -> Bool {
        lhs.body == rhs.body
    }
}
