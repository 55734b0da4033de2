import Foundation

extension Request {
    /// The headers this request goes out with as far as they are known before it is sent: its own, injected ones and
    /// those the core adds (User-Agent, the body's type), in order; cookies and per-hop credentials come only with
    /// `Response.sentHeaders`.
    public var wireHeaders: [Header] {
        SentRequest(self).headers
    }
}
