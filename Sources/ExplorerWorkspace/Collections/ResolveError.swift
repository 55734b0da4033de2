import ExplorerCore

/// Why a saved request could not be turned into one that can be sent.
public enum ResolveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `{{variable}}` is missing or loops.
    case variable(VariableError)
    /// The URL is not a usable http(s) URL after substitution.
    case invalidURL(String, context: String)
    /// A body or multipart file could not be read.
    case file(path: String, context: String, reason: String)
    /// A setting this platform cannot honour.
    case unsupported(String)
    /// A header's name or value holds CR or LF (often from a variable's value), which a header cannot carry.
    case headerLineBreak(name: String, context: String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case let .variable(error): return error.description
        case let .invalidURL(url, context):
            return "The URL '\(url)' of \(context) is not an absolute http:// or https:// URL. Check the environment's baseURL and the request's url."
        case let .file(path, context, reason):
            return "Cannot read the file '\(path)' for \(context): \(reason)."
        case let .unsupported(message): return message
        case let .headerLineBreak(name, context):
            // The value is not repeated: it may be a secret, and its line break would break this message too.
            let shown = TerminalSafeText.sanitize(name.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n"))
            return "The header '\(shown)' of \(context) contains a line break (CR/LF), which a header cannot carry; nothing was sent. "
                + "Remove the line break from its value (check the variables it uses)."
        }
    }
}
