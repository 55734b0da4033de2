import Foundation

/// The handshake headers a test server received, one list per connection, safe to read from the test.
public final class WebSocketHandshakeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [[(name: String, value: String)]] = []

    /// Records one handshake's headers.
    func append(_ headers: [(String, String)]) {
        lock.withLock { entries.append(headers.map { (name: $0.0, value: $0.1) }) }
    }

    /// Every handshake so far.
    public var all: [[(name: String, value: String)]] { lock.withLock { entries } }
}
