import Foundation
import NIOCore
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The connections of `SwiftNIOTransport`, by `NIOPoolKey`: idle HTTP/1.1 connections are handed to the next request
/// (the most recently used first), an HTTP/2 connection to every request, and a request that finds none waits while a
/// connection is opened for it, up to 64 per key (then it waits for one to come free).
final class NIOConnectionPool: @unchecked Sendable {
    /// How a waiting request gets its connection, or why it gets none.
    typealias Delivery = @Sendable (Result<NIOConnection, URLError>) -> Void

    private struct Waiter {
        let id: Int
        /// Wants a connection opened for it, not one that had carried requests (it lost such a one).
        let fresh: Bool
        let deliver: Delivery
    }

    private final class Entry {
        var idle: [NIOConnection] = []
        var multiplexed: NIOConnection?
        var open = 0
        /// Connections being opened for waiters. An attempt nobody waits for any more is cancelled and taken out at
        /// once, so it is neither counted as serving a waiter nor allowed to fail one.
        var opening: [Int: Task<Void, Never>] = [:]
        var waiters: [Waiter] = []
        /// What the last connection opened for the key spoke: `nil` before the first one (for https, where ALPN may
        /// choose HTTP/2, only one is opened until it is known), true for HTTP/2 (one connection serves every waiter).
        var speaksHTTP2: Bool?
    }

    /// At most this many connections per key, open or being opened.
    static let connectionsPerKey = 64
    /// How long opening a connection (DNS, connect, tunnel, TLS) may take before the waiter it serves is failed and
    /// the next one gets a new attempt: a server that accepts and then stalls the handshake must not hold a host up.
    static let openingTimeout = TimeAmount.seconds(openingSeconds)
    private static let openingSeconds: Int64 = 30

    private let group: any EventLoopGroup
    private let contexts: @Sendable (NIOPoolKey) throws(URLError) -> NIOSSLContext?
    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [NIOPoolKey: Entry] = [:]
    private var lastID = 0
    private var connectionsOpened = 0

    /// A pool opening its connections on `group`, with the TLS context `contexts` gives for a key.
    init(group: any EventLoopGroup, contexts: @escaping @Sendable (NIOPoolKey) throws(URLError) -> NIOSSLContext?) {
        self.group = group
        self.contexts = contexts
    }

    /// A new id for `acquire`, to cancel the wait with.
    func newWaiterID() -> Int {
        lock.withLock {
            lastID += 1
            return lastID
        }
    }

    /// Asks for a connection for `key` as waiter `id`: `deliver` is called with one (at once when one is idle) or with
    /// the reason none could be opened. `fresh` asks for a connection opened for this request.
    func acquire(key: NIOPoolKey, id: Int, fresh: Bool, deliver: @escaping Delivery) {
        let ready = lock.withLock { () -> NIOConnection? in
            let entry = entries[key] ?? { let made = Entry(); entries[key] = made; return made }()
            // An HTTP/2 connection serves a request that lost another (that one is retired or closed by now).
            if let multiplexed = entry.multiplexed, !multiplexed.retired, multiplexed.channel.isActive { return multiplexed }
            if !fresh {
                while let idle = entry.idle.popLast() {
                    if !idle.retired, idle.channel.isActive { return idle }
                }
            }
            entry.waiters.append(Waiter(id: id, fresh: fresh, deliver: deliver))
            openMore(key: key, entry: entry)
            return nil
        }
        if let ready { deliver(.success(ready)) }
    }

    /// The request waiting as `waiter` no longer does; when nothing waits for `key` any more, connections still being
    /// opened for it are given up.
    func cancel(waiter: Int, key: NIOPoolKey) {
        lock.withLock {
            guard let entry = entries[key] else { return }
            entry.waiters.removeAll { $0.id == waiter }
            if entry.waiters.isEmpty {
                for task in entry.opening.values { task.cancel() }
                entry.opening = [:]
            }
        }
    }

    /// An HTTP/1.1 connection finished a response: it goes to the next waiter or becomes idle when `reusable`, else
    /// it is closed.
    func release(_ connection: NIOConnection, reusable: Bool) {
        var work: [() -> Void] = []
        lock.withLock {
            guard let entry = entries[connection.key] else { return }
            guard reusable, !connection.retired, connection.channel.isActive else {
                retire(connection, entry: entry)
                work.append { connection.channel.close(promise: nil) }
                openMore(key: connection.key, entry: entry)
                return
            }
            if let index = entry.waiters.firstIndex(where: { !$0.fresh }) {
                let waiter = entry.waiters.remove(at: index)
                work.append { waiter.deliver(.success(connection)) }
            } else {
                entry.idle.append(connection)
            }
        }
        work.forEach { $0() }
    }

    /// An HTTP/2 connection takes no new streams (GOAWAY, or a stream could not be made): it is no longer handed out;
    /// its streams in flight finish.
    func drain(_ connection: NIOConnection) {
        lock.withLock {
            guard let entry = entries[connection.key] else { return }
            retire(connection, entry: entry)
            openMore(key: connection.key, entry: entry)
        }
        if case .http2(_, let keeper) = connection.carrier {
            connection.channel.eventLoop.execute { keeper.value.drain() }
        }
    }

    /// Numbers connections in the order they became ready.
    func nextConnectionNumber() -> Int {
        lock.withLock {
            connectionsOpened += 1
            return connectionsOpened
        }
    }

    /// Starts opening connections for the waiters no connection being opened will serve. Under `lock`.
    private func openMore(key: NIOPoolKey, entry: Entry) {
        let serving = entry.opening.count
        let wanted: Int
        switch entry.speaksHTTP2 ?? key.isTLS {
        case true:
            // One connection will serve every waiter (or, for a first https connection, tell whether it can).
            wanted = entry.waiters.isEmpty || serving > 0 ? 0 : 1
        case false:
            wanted = min(entry.waiters.count - serving, Self.connectionsPerKey - entry.open - serving)
        }
        guard wanted > 0 else { return }
        for _ in 0..<wanted {
            lastID += 1
            let attempt = lastID
            let opening = Task<Void, Never>.detached { [self] in
                // Waits until the task is registered below, so `opened` always finds it.
                lock.withLock {}
                let result: Result<NIOConnection, URLError>
                do throws(URLError) {
                    let context = try contexts(key)
                    result = .success(try await NIOConnector.open(key: key, tls: context, group: group, pool: self))
                } catch {
                    result = .failure(error)
                }
                opened(key: key, attempt: attempt, result: result)
            }
            entry.opening[attempt] = opening
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(Self.openingSeconds))) { [self] in expire(key: key, attempt: attempt) }
        }
    }

    /// Attempt `attempt` took too long: it is given up, the waiter it served is told so, and the rest get a new one.
    private func expire(key: NIOPoolKey, attempt: Int) {
        var work: [() -> Void] = []
        lock.withLock {
            guard let entry = entries[key], let task = entry.opening.removeValue(forKey: attempt) else { return }
            task.cancel()
            if !entry.waiters.isEmpty {
                let waiter = entry.waiters.removeFirst()
                let error = URLError(.timedOut, detail: "a connection to \(key.authority) could not be opened in \(Self.openingSeconds) s")
                work.append { waiter.deliver(.failure(error)) }
            }
            openMore(key: key, entry: entry)
        }
        work.forEach { $0() }
    }

    /// A connection attempt for `key` ended.
    private func opened(key: NIOPoolKey, attempt: Int, result: Result<NIOConnection, URLError>) {
        var work: [() -> Void] = []
        lock.withLock {
            guard let entry = entries[key] else { return }
            let wanted = entry.opening.removeValue(forKey: attempt) != nil
            switch result {
            case .success(let connection) where connection.retired:
                // Drained (GOAWAY) before it was ever handed out.
                work.append { connection.channel.close(promise: nil) }
            case .success(let connection):
                entry.open += 1
                connection.pooled = true
                work.append { [self] in
                    connection.channel.closeFuture.whenComplete { [self] _ in closed(connection) }
                }
                if connection.isMultiplexed {
                    entry.speaksHTTP2 = true
                    let serving: NIOConnection
                    if let existing = entry.multiplexed, !existing.retired, existing.channel.isActive {
                        // Opened side by side with the one already serving: not needed.
                        retire(connection, entry: entry)
                        work.append { connection.channel.close(promise: nil) }
                        serving = existing
                    } else {
                        entry.multiplexed = connection
                        serving = connection
                    }
                    let waiters = entry.waiters
                    entry.waiters = []
                    for waiter in waiters { work.append { waiter.deliver(.success(serving)) } }
                } else {
                    entry.speaksHTTP2 = false
                    if entry.waiters.isEmpty {
                        entry.idle.append(connection)
                    } else {
                        let waiter = entry.waiters.removeFirst()
                        work.append { waiter.deliver(.success(connection)) }
                    }
                }
            case .failure(let error):
                // A cancelled attempt fails no one: the waiters it was counted for had all gone.
                if wanted, !entry.waiters.isEmpty {
                    let waiter = entry.waiters.removeFirst()
                    work.append { waiter.deliver(.failure(error)) }
                }
            }
            openMore(key: key, entry: entry)
        }
        work.forEach { $0() }
    }

    /// A connection's channel closed.
    private func closed(_ connection: NIOConnection) {
        lock.withLock {
            guard let entry = entries[connection.key], !connection.retired else { return }
            retire(connection, entry: entry)
            openMore(key: connection.key, entry: entry)
        }
    }

    /// Takes `connection` out of the pool for good. Under `lock`.
    private func retire(_ connection: NIOConnection, entry: Entry) {
        guard !connection.retired else { return }
        connection.retired = true
        if connection.pooled { entry.open -= 1 }
        entry.idle.removeAll { $0 === connection }
        if entry.multiplexed === connection { entry.multiplexed = nil }
    }
}
