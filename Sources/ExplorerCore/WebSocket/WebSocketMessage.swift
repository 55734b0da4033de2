import Foundation

/// One whole WebSocket message, sent or received (fragments joined).
public struct WebSocketMessage: Sendable, Equatable {
    /// Text or binary.
    public var kind: WebSocketMessageKind
    /// The payload.
    public var data: Data

    /// A text message.
    public init(text: String) {
        kind = .text
        data = Data(text.utf8)
    }

    /// A binary message.
    public init(binary: Data) {
        kind = .binary
        data = binary
    }

    /// The payload as text, for a text message.
    public var text: String? { kind == .text ? String(decoding: data, as: UTF8.self) : nil }
}
