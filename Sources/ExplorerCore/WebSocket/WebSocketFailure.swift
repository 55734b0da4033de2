/// Why a WebSocket connection could not be opened or used.
public enum WebSocketFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not ws:// or wss:// with a host.
    case notWebSocketURL(String)
    /// The server answered the handshake with this status instead of 101.
    case handshakeRefused(status: Int, reason: String)
    /// The handshake did not complete in time.
    case handshakeTimedOut(seconds: Double)
    /// A message from the server was larger than the limit.
    case messageTooLarge(limit: Int)
    /// The server broke the protocol.
    case protocolError(String)
    /// A text message from the server was not valid UTF-8.
    case invalidText
    /// The connection is closed; nothing more can be sent.
    case closed
    /// The connection failed below WebSocket (DNS, TCP, TLS, proxy).
    case transport(String)

    /// A sentence for the status line or standard error.
    public var description: String {
        switch self {
        case let .notWebSocketURL(url): return "Not a WebSocket URL (ws:// or wss:// with a host): \(url)"
        case let .handshakeRefused(status, reason):
            return "The server refused the WebSocket handshake: \(status) \(reason)".trimmingCharacters(in: .whitespaces)
        case let .handshakeTimedOut(seconds): return "The WebSocket handshake did not finish within \(seconds) s"
        case let .messageTooLarge(limit): return "A message from the server is over the \(limit)-byte limit; the connection was closed (1009)"
        case let .protocolError(detail): return "The server broke the WebSocket protocol: \(detail)"
        case .invalidText: return "A text message from the server is not valid UTF-8; the connection was closed (1007)"
        case .closed: return "The WebSocket connection is closed"
        case let .transport(detail): return detail
        }
    }
}
