import Foundation
import NIOCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The decisions of `NIOConnectionPool`, apart from channels, tasks and clocks: events go in, the actions they call
/// for come out, and `NIOConnectionPool` carries them out.
///
/// Idle HTTP/1.1 connections are handed to the next request (the most recently used first), an HTTP/2 connection to
/// every request of its key, and a request that finds none waits while a connection is opened for it, up to the key's
/// limit (64 unless `Request.Configuration.connectionsPerHost` raises it) per
/// key (then it waits for one to come free); for https only one is opened until ALPN says whether it is HTTP/2. A
/// connection that is retired (GOAWAY, drained, not reusable, idle for the idle timeout) is never handed out again
/// and is closed once it carries nothing.
struct NIOPoolStateMachine: Sendable {
    /// At most this many connections per key, open or being opened, unless the key says otherwise.
    static let connectionsPerKey = 64
    /// How long opening a connection (DNS, connect, tunnel, TLS) may take before the waiter it serves is failed and
    /// the next one gets a new attempt: a server that accepts and then stalls the handshake must not hold a host up.
    static let openingTimeout = TimeAmount.seconds(openingSeconds)
    private static let openingSeconds: Int64 = 30

    private struct Waiter: Sendable {
        let id: Int
        /// Wants a connection opened for it, not one that had carried requests (it lost such a one).
        let fresh: Bool
    }

    /// The connections and waiters of one key.
    private struct KeyState: Sendable {
        var idle: [Int] = []
        var multiplexed: Int?
        /// Connections pooled and not retired.
        var open = 0
        /// Attempts under way, oldest first. An attempt nobody waits for any more is cancelled and taken out at once,
        /// so it is neither counted as serving a waiter nor allowed to fail one.
        var opening: [Int] = []
        var waiters: [Waiter] = []
        /// What the last connection opened for the key spoke: `nil` before the first one (for https, where ALPN may
        /// choose HTTP/2, only one is opened until it is known), true for HTTP/2 (one connection serves every waiter).
        var speaksHTTP2: Bool?

        /// Takes `connection` out of the key's count and hands; true when it was idle.
        mutating func forget(_ connection: Int) -> Bool {
            open -= 1
            if multiplexed == connection { multiplexed = nil }
            guard let index = idle.firstIndex(of: connection) else { return false }
            idle.remove(at: index)
            return true
        }

        /// Takes `attempt` out of the attempts under way; false when it was not among them.
        mutating func endAttempt(_ attempt: Int) -> Bool {
            guard let index = opening.firstIndex(of: attempt) else { return false }
            opening.remove(at: index)
            return true
        }

        /// Starts opening connections for the waiters no attempt under way will serve.
        mutating func openMore(key: NIOPoolKey, attempts: inout Int, actions: inout [NIOPoolAction]) {
            let serving = opening.count
            let wanted: Int
            switch speaksHTTP2 ?? key.isTLS {
            case true:
                // One connection will serve every waiter (or, for a first https connection, tell whether it can).
                wanted = waiters.isEmpty || serving > 0 ? 0 : 1
            case false:
                wanted = min(waiters.count - serving, max(1, key.connectionLimit) - open - serving)
            }
            guard wanted > 0 else { return }
            for _ in 0..<wanted {
                attempts += 1
                opening.append(attempts)
                actions.append(.open(attempt: attempts, key: key))
                actions.append(.scheduleOpeningTimeout(attempt: attempts, key: key, limit: NIOPoolStateMachine.openingTimeout))
            }
        }
    }

    private struct Connection: Sendable {
        let key: NIOPoolKey
        let http2: Bool
        /// No longer handed out; closed once it carries nothing.
        var retired = false
        /// Streams open on it (HTTP/2).
        var streams = 0
    }

    private var keys: [NIOPoolKey: KeyState] = [:]
    /// Pooled connections, until their channel closes.
    private var connections: [Int: Connection] = [:]
    /// Connections ready whose attempt has not reported yet; true once drained (GOAWAY before they were pooled).
    private var unpooled: [Int: Bool] = [:]
    private var lastAttempt = 0

    /// The actions `event` calls for, in order. `isActive` tells whether a connection's channel is still open: one
    /// that just closed may not have reported it yet, and is then passed over.
    mutating func receive(_ event: NIOPoolEvent, isActive: (Int) -> Bool = { _ in true }) -> [NIOPoolAction] {
        var actions: [NIOPoolAction] = []
        switch event {
        case .requestQueued(let key, let waiter, let fresh):
            queue(Waiter(id: waiter, fresh: fresh), key: key, isActive: isActive, actions: &actions)
        case .waiterCancelled(let key, let waiter):
            guard var pool = keys.removeValue(forKey: key) else { break }
            pool.waiters.removeAll { $0.id == waiter }
            if pool.waiters.isEmpty {
                actions += pool.opening.map { .cancelOpening(attempt: $0) }
                pool.opening = []
            }
            keys[key] = pool
        case .connectionReady(let connection):
            unpooled[connection] = false
        case .connectionOpened(let attempt, let key, let connection, let http2):
            opened(connection, attempt: attempt, key: key, http2: http2, isActive: isActive, actions: &actions)
        case .openingFailed(let attempt, let key, let error):
            var pool = keys.removeValue(forKey: key) ?? KeyState()
            // A cancelled attempt fails no one: the waiters it was counted for had all gone.
            if pool.endAttempt(attempt), !pool.waiters.isEmpty {
                actions.append(.fail(waiter: pool.waiters.removeFirst().id, error: error))
            }
            pool.openMore(key: key, attempts: &lastAttempt, actions: &actions)
            keys[key] = pool
        case .openingTimedOut(let attempt, let key):
            guard var pool = keys.removeValue(forKey: key) else { break }
            if pool.endAttempt(attempt) {
                actions.append(.cancelOpening(attempt: attempt))
                if !pool.waiters.isEmpty {
                    let error = URLError(.timedOut, detail: "a connection to \(key.authority) could not be opened in \(Self.openingSeconds) s")
                    actions.append(.fail(waiter: pool.waiters.removeFirst().id, error: error))
                }
                pool.openMore(key: key, attempts: &lastAttempt, actions: &actions)
            }
            keys[key] = pool
        case .connectionReleased(let connection, let reusable):
            released(connection, reusable: reusable, actions: &actions)
        case .connectionDrained(let connection), .goAwayReceived(let connection):
            if unpooled[connection] != nil {
                unpooled[connection] = true
            } else {
                retire(connection, actions: &actions) { record, wasIdle in wasIdle || (record.http2 && record.streams <= 0) }
            }
        case .streamOpened(let connection):
            connections[connection]?.streams += 1
        case .streamClosed(let connection):
            guard var record = connections[connection] else { break }
            record.streams -= 1
            connections[connection] = record
            if record.retired, record.streams <= 0 { actions.append(.close(connection: connection)) }
        case .idleTimedOut(let connection):
            guard let record = connections[connection] else { break }
            // Only a connection carrying nothing: one carrying a slow response is left to the core's timers.
            let carriesNothing = record.http2 ? record.streams <= 0 : keys[record.key]?.idle.contains(connection) == true
            if carriesNothing { retire(connection, actions: &actions) { _, _ in true } }
        case .connectionClosed(let connection):
            unpooled[connection] = nil
            retire(connection, actions: &actions) { _, _ in false }
            connections[connection] = nil
        }
        return actions
    }

    private mutating func queue(_ waiter: Waiter, key: NIOPoolKey, isActive: (Int) -> Bool, actions: inout [NIOPoolAction]) {
        var pool = keys.removeValue(forKey: key) ?? KeyState()
        defer { keys[key] = pool }
        // An HTTP/2 connection serves a request that lost another (that one is retired or closed by now).
        if let multiplexed = pool.multiplexed, isActive(multiplexed) {
            return actions.append(.deliver(waiter: waiter.id, connection: multiplexed))
        }
        if !waiter.fresh {
            while let idle = pool.idle.popLast() {
                if isActive(idle) { return actions.append(.deliver(waiter: waiter.id, connection: idle)) }
            }
        }
        pool.waiters.append(waiter)
        pool.openMore(key: key, attempts: &lastAttempt, actions: &actions)
    }

    private mutating func opened(_ connection: Int, attempt: Int, key: NIOPoolKey, http2: Bool, isActive: (Int) -> Bool,
                                 actions: inout [NIOPoolAction]) {
        var pool = keys.removeValue(forKey: key) ?? KeyState()
        defer { keys[key] = pool }
        _ = pool.endAttempt(attempt)
        if unpooled.removeValue(forKey: connection) == true {
            // Drained (GOAWAY) before it was ever handed out.
            actions.append(.close(connection: connection))
        } else if http2 {
            pool.speaksHTTP2 = true
            var serving = connection
            if let existing = pool.multiplexed, isActive(existing) {
                // Opened side by side with the one already serving: not needed.
                connections[connection] = Connection(key: key, http2: true, retired: true)
                actions.append(.close(connection: connection))
                serving = existing
            } else {
                connections[connection] = Connection(key: key, http2: true)
                pool.open += 1
                pool.multiplexed = connection
            }
            actions += pool.waiters.map { .deliver(waiter: $0.id, connection: serving) }
            pool.waiters = []
        } else {
            connections[connection] = Connection(key: key, http2: false)
            pool.open += 1
            pool.speaksHTTP2 = false
            if pool.waiters.isEmpty {
                pool.idle.append(connection)
            } else {
                actions.append(.deliver(waiter: pool.waiters.removeFirst().id, connection: connection))
            }
        }
        pool.openMore(key: key, attempts: &lastAttempt, actions: &actions)
    }

    private mutating func released(_ connection: Int, reusable: Bool, actions: inout [NIOPoolAction]) {
        guard let record = connections[connection], reusable, !record.retired else {
            if connections[connection]?.retired == false {
                retire(connection, actions: &actions) { _, _ in true }
            } else {
                actions.append(.close(connection: connection))
            }
            return
        }
        var pool = keys.removeValue(forKey: record.key) ?? KeyState()
        if let index = pool.waiters.firstIndex(where: { !$0.fresh }) {
            actions.append(.deliver(waiter: pool.waiters.remove(at: index).id, connection: connection))
        } else {
            pool.idle.append(connection)
        }
        keys[record.key] = pool
    }

    /// Takes `connection` out of the pool for good, if it is still in it, and starts opening connections for the
    /// waiters it leaves; `closes` tells, from the connection and whether it was idle, whether to close it now.
    private mutating func retire(_ connection: Int, actions: inout [NIOPoolAction], closes: (Connection, Bool) -> Bool) {
        guard var record = connections[connection], !record.retired else { return }
        record.retired = true
        connections[connection] = record
        var pool = keys.removeValue(forKey: record.key) ?? KeyState()
        let wasIdle = pool.forget(connection)
        if closes(record, wasIdle) { actions.append(.close(connection: connection)) }
        pool.openMore(key: record.key, attempts: &lastAttempt, actions: &actions)
        keys[record.key] = pool
    }
}
