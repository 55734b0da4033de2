import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What happened to `NIOConnectionPool`, as its state machine hears it. Connections are named by their number
/// (`ConnectionRecord.number`), waiting requests by their waiter id, connections being opened by their attempt id.
enum NIOPoolEvent: Sendable {
    /// A request for `key` waits as `waiter` for a connection; `fresh` when it wants one opened for it (it lost a
    /// reused one).
    case requestQueued(key: NIOPoolKey, waiter: Int, fresh: Bool)
    /// The request waiting as `waiter` no longer does.
    case waiterCancelled(key: NIOPoolKey, waiter: Int)
    /// Connection `connection` is ready and numbered, but the attempt that opened it has not reported yet.
    case connectionReady(Int)
    /// Attempt `attempt` for `key` opened `connection`, speaking HTTP/2 when `http2`.
    case connectionOpened(attempt: Int, key: NIOPoolKey, connection: Int, http2: Bool)
    /// Attempt `attempt` for `key` ended without a connection.
    case openingFailed(attempt: Int, key: NIOPoolKey, error: URLError)
    /// Attempt `attempt` for `key` has taken as long as opening a connection may.
    case openingTimedOut(attempt: Int, key: NIOPoolKey)
    /// An HTTP/1.1 connection finished a response; `reusable` when it may carry another.
    case connectionReleased(Int, reusable: Bool)
    /// The transport gave up on an HTTP/2 connection (a stream could not be made, or a request went unanswered).
    case connectionDrained(Int)
    /// The server sent GOAWAY on an HTTP/2 connection: it takes no new streams.
    case goAwayReceived(Int)
    /// A stream opened on an HTTP/2 connection.
    case streamOpened(Int)
    /// A stream of an HTTP/2 connection closed.
    case streamClosed(Int)
    /// Nothing went over a connection for the idle timeout.
    case idleTimedOut(Int)
    /// A connection's channel closed.
    case connectionClosed(Int)
}
