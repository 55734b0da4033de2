import Foundation
import NIOCore
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The connections of `SwiftNIOTransport`, by `NIOPoolKey`. What to do is `NIOPoolStateMachine`'s to decide; the pool
/// feeds it what happens, under a lock, and carries its actions out on channels and tasks once the lock is released.
final class NIOConnectionPool: @unchecked Sendable {
    /// How a waiting request gets its connection, or why it gets none.
    typealias Delivery = @Sendable (Result<NIOConnection, URLError>) -> Void

    /// How long opening a connection may take before the waiter it serves is failed.
    static let openingTimeout = NIOPoolStateMachine.openingTimeout

    private let group: any EventLoopGroup
    private let contexts: @Sendable (NIOPoolKey) throws(URLError) -> NIOSSLContext?
    private let lock = NSLock()
    // Guarded by `lock`.
    private var state = NIOPoolStateMachine()
    private var lastWaiterID = 0
    private var connectionsOpened = 0
    /// The handles behind the state machine's numbers: waiters until delivered or cancelled, attempts until they end
    /// or are cancelled, connections until their channel closes.
    private var deliveries: [Int: Delivery] = [:]
    private var openings: [Int: Task<Void, Never>] = [:]
    private var connections: [Int: NIOConnection] = [:]

    /// A pool opening its connections on `group`, with the TLS context `contexts` gives for a key.
    init(group: any EventLoopGroup, contexts: @escaping @Sendable (NIOPoolKey) throws(URLError) -> NIOSSLContext?) {
        self.group = group
        self.contexts = contexts
    }

    /// A new id for `acquire`, to cancel the wait with.
    func newWaiterID() -> Int {
        lock.withLock {
            lastWaiterID += 1
            return lastWaiterID
        }
    }

    /// Asks for a connection for `key` as waiter `id`: `deliver` is called with one (at once when one is idle) or with
    /// the reason none could be opened. `fresh` asks for a connection opened for this request.
    func acquire(key: NIOPoolKey, id: Int, fresh: Bool, deliver: @escaping Delivery) {
        handle {
            deliveries[id] = deliver
            return .requestQueued(key: key, waiter: id, fresh: fresh)
        }
    }

    /// The request waiting as `waiter` no longer does; when nothing waits for `key` any more, connections still being
    /// opened for it are given up.
    func cancel(waiter: Int, key: NIOPoolKey) {
        handle {
            deliveries[waiter] = nil
            return .waiterCancelled(key: key, waiter: waiter)
        }
    }

    /// An HTTP/1.1 connection finished a response: it goes to the next waiter or becomes idle when `reusable`, else
    /// it is closed.
    func release(_ connection: NIOConnection, reusable: Bool) {
        handle { .connectionReleased(connection.record.number, reusable: reusable && connection.channel.isActive) }
    }

    /// An HTTP/2 connection takes no new streams (a stream could not be made, or a request went unanswered): it is no
    /// longer handed out, and closes once its streams in flight finish.
    func drain(_ connection: NIOConnection) {
        handle { .connectionDrained(connection.record.number) }
    }

    /// The server sent GOAWAY on connection `number`.
    func goneAway(_ number: Int) {
        handle { .goAwayReceived(number) }
    }

    /// A stream opened on HTTP/2 connection `number`.
    func streamOpened(on number: Int) {
        handle { .streamOpened(number) }
    }

    /// A stream of HTTP/2 connection `number` closed.
    func streamClosed(on number: Int) {
        handle { .streamClosed(number) }
    }

    /// Nothing went over connection `number` for the idle timeout: it is closed if it carries nothing.
    func idleTimedOut(_ number: Int) {
        handle { .idleTimedOut(number) }
    }

    /// Numbers connections in the order they became ready.
    func nextConnectionNumber() -> Int {
        var number = 0
        handle {
            connectionsOpened += 1
            number = connectionsOpened
            return .connectionReady(number)
        }
        return number
    }

    /// Under `lock`, keeps the handles `event` brings or ends and feeds the event to the state machine; then, with
    /// the lock released, carries out the actions it calls for.
    private func handle(_ event: () -> NIOPoolEvent) {
        let work = lock.withLock { () -> [() -> Void] in
            let actions = state.receive(event()) { connections[$0]?.channel.isActive ?? false }
            return actions.compactMap(prepare)
        }
        for step in work { step() }
    }

    /// Looks up the handles `action` names and returns what to do once the lock is released. Under `lock`.
    private func prepare(_ action: NIOPoolAction) -> (() -> Void)? {
        switch action {
        case .deliver(let waiter, let number):
            guard let deliver = deliveries.removeValue(forKey: waiter), let connection = connections[number] else { return nil }
            return { deliver(.success(connection)) }
        case .fail(let waiter, let error):
            guard let deliver = deliveries.removeValue(forKey: waiter) else { return nil }
            return { deliver(.failure(error)) }
        case .open(let attempt, let key):
            // Registered before the attempt can report, since reporting takes the lock held here.
            openings[attempt] = Task.detached { [self] in
                let result: Result<NIOConnection, URLError>
                do throws(URLError) {
                    let context = try contexts(key)
                    result = .success(try await NIOConnector.open(key: key, tls: context, group: group, pool: self))
                } catch {
                    result = .failure(error)
                }
                opened(key: key, attempt: attempt, result: result)
            }
            return nil
        case .scheduleOpeningTimeout(let attempt, let key, let limit):
            return { [self] in
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(limit.nanoseconds))) { [self] in
                    handle { .openingTimedOut(attempt: attempt, key: key) }
                }
            }
        case .cancelOpening(let attempt):
            guard let task = openings.removeValue(forKey: attempt) else { return nil }
            return { task.cancel() }
        case .close(let number):
            guard let connection = connections[number] else { return nil }
            return { connection.channel.close(promise: nil) }
        }
    }

    /// A connection attempt for `key` ended.
    private func opened(key: NIOPoolKey, attempt: Int, result: Result<NIOConnection, URLError>) {
        switch result {
        case .success(let connection):
            let number = connection.record.number
            handle {
                openings[attempt] = nil
                connections[number] = connection
                return .connectionOpened(attempt: attempt, key: key, connection: number, http2: connection.isMultiplexed)
            }
            connection.channel.closeFuture.whenComplete { [self] _ in
                handle {
                    connections[number] = nil
                    return .connectionClosed(number)
                }
            }
        case .failure(let error):
            handle {
                openings[attempt] = nil
                return .openingFailed(attempt: attempt, key: key, error: error)
            }
        }
    }
}
