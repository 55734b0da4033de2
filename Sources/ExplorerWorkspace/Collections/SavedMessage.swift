import ExplorerCore
import Foundation

/// A message saved in a WebSocket request's file (`messages:`), to send with a key or from `send`.
public struct SavedMessage: Sendable, Equatable {
    /// How the content is written in the file.
    public enum Format: String, Sendable, Equatable {
        /// Plain text, sent as a text message.
        case text
        /// JSON, checked when loaded and sent as a text message.
        case json
        /// Base64, sent as a binary message.
        case base64
    }

    /// The name shown in the picker and on `send`'s standard error.
    public var name: String
    /// The key it was written under.
    public var format: Format
    /// The text as written (`{{variables}}` resolve when it is sent).
    public var content: String

    /// Creates a saved message.
    public init(name: String, format: Format, content: String) {
        self.name = name
        self.format = format
        self.content = content
    }

    /// The message to send, `resolve` applied to its text first; nil when base64 content does not decode.
    public func message(resolve: (String) throws -> String) rethrows -> WebSocketMessage? {
        let text = try resolve(content)
        switch format {
        case .text, .json: return WebSocketMessage(text: text)
        case .base64: return Data(base64Encoded: text.filter { !$0.isWhitespace }).map { WebSocketMessage(binary: $0) }
        }
    }
}
