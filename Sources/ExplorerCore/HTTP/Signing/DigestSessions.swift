import Foundation

/// The Digest challenges answered so far, by origin and user, with the nonce count each reached: a later request
/// (a redirect hop, a retry, the next send) answers the same nonce with the next count instead of taking another 401.
public final class DigestSessions: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var sessions: [String: (challenge: DigestChallenge, count: Int)] = [:]

    /// Creates an empty store.
    public init() {}

    /// Keeps `challenge` as the one to answer for `url`'s origin and `username`, its nonce count starting again.
    public func store(_ challenge: DigestChallenge, for url: URL, username: String) {
        lock.withLock { sessions[key(url, username)] = (challenge, 0) }
    }

    /// The challenge to answer for `url`'s origin and `username` and the nonce count to send with it (one more than
    /// the last), when one was stored.
    public func next(for url: URL, username: String) -> (challenge: DigestChallenge, nonceCount: Int)? {
        lock.withLock {
            let key = key(url, username)
            guard var session = sessions[key] else { return nil }
            session.count += 1
            sessions[key] = session
            return (session.challenge, session.count)
        }
    }

    /// Forgets every session.
    public func removeAll() {
        lock.withLock { sessions.removeAll() }
    }

    private func key(_ url: URL, _ username: String) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port) \(username)"
    }
}
