import Foundation
import NIOCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `NIOConnectionPool` carries out on channels and tasks, as its state machine decides. Connections are named by
/// their number, waiting requests by their waiter id, connections being opened by their attempt id.
enum NIOPoolAction: Equatable, Sendable {
    /// Hands `connection` to the request waiting as `waiter`.
    case deliver(waiter: Int, connection: Int)
    /// Tells the request waiting as `waiter` that it gets no connection.
    case fail(waiter: Int, error: URLError)
    /// Starts opening a connection for `key` as attempt `attempt`.
    case open(attempt: Int, key: NIOPoolKey)
    /// Reports `openingTimedOut` for `attempt` once `limit` has passed.
    case scheduleOpeningTimeout(attempt: Int, key: NIOPoolKey, limit: TimeAmount)
    /// Gives up opening attempt `attempt`.
    case cancelOpening(attempt: Int)
    /// Closes `connection`'s channel.
    case close(connection: Int)
}
