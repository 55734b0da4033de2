import Foundation

/// One redirect the core followed: where it was sent, what came back and how long it took.
public struct RedirectHop: Sendable, Hashable {
    /// The method sent on this hop.
    public var method: String
    /// The URL this hop was sent to.
    public var url: URL
    /// The redirect status that came back (301, 302, 303, 307, 308).
    public var statusCode: Int
    /// Where it pointed.
    public var location: URL
    /// Where the hop's time went.
    public var timing: HopTiming
    /// The connection the hop went over, when the transport tells.
    public var connection: ConnectionDetails?
    /// The cookies this hop's `Set-Cookie` stored.
    public var setCookies: [CookieRecord] = []

    /// Creates a hop record.
    public init(method: String, url: URL, statusCode: Int, location: URL, timing: HopTiming) {
        self.method = method
        self.url = url
        self.statusCode = statusCode
        self.location = location
        self.timing = timing
    }
}
