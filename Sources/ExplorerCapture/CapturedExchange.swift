import ExplorerCore
import Foundation

/// One exchange that went through the proxy: the request as the client sent it (hop-by-hop headers removed) and the
/// upstream's answer, or why there was none.
public struct CapturedExchange: Sendable {
    /// What kind of exchange it was.
    public enum Kind: String, Sendable {
        /// An HTTP request and its response.
        case http
        /// A WebSocket upgrade and the messages of its conversation.
        case webSocket
    }

    /// The exchange's number in this proxy run, from 1.
    public var number: Int
    /// HTTP or WebSocket.
    public var kind: Kind
    /// When the client's request was complete.
    public var sentAt: Date
    /// The request as forwarded upstream (its URL, headers and body as the client sent them).
    public var request: Request
    /// The client's request body.
    public var requestBody: Data
    /// The upstream's response, when one came.
    public var response: Request.Response?
    /// Why no response came, in words.
    public var failure: String?
    /// For a WebSocket: the upstream's handshake answer headers, and the messages both ways with their times.
    public var conversation: CapturedConversation?

    /// Creates an exchange.
    public init(number: Int, kind: Kind = .http, sentAt: Date, request: Request, requestBody: Data, response: Request.Response?,
                failure: String?, conversation: CapturedConversation? = nil) {
        self.number = number
        self.kind = kind
        self.sentAt = sentAt
        self.request = request
        self.requestBody = requestBody
        self.response = response
        self.failure = failure
        self.conversation = conversation
    }

    /// The method as sent (`WS` for a WebSocket).
    public var method: String { kind == .webSocket ? "WS" : request.httpMethod.rawValue }

    /// The URL as sent.
    public var url: String { request.url?.absoluteString ?? request.baseURLString }

    /// The status, when an answer came.
    public var status: Int? { kind == .webSocket ? conversation?.status : response?.statusCode }
}
