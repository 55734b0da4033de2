/// Why the demo server could not start.
public enum DemoServerError: Error, CustomStringConvertible {
    /// The socket was bound but no address could be read back.
    case notListening

    /// A sentence for the person who ran the command.
    public var description: String {
        switch self {
        case .notListening: return "The demo server started but is not listening on any address."
        }
    }
}
