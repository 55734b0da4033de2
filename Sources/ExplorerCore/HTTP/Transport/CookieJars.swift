import Foundation

/// The cookie jars of one owner (a process, a test, an app), one per collection and environment, kept where its
/// `CookiePolicy` says. Whoever makes it calls `saveAll()` before it goes: nothing saves behind the owner's back.
public final class CookieJars: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var jars: [String: CookieJar] = [:]
    private var chosen: CookiePolicy

    /// Jars kept as `policy` says (in memory unless told otherwise).
    public init(policy: CookiePolicy = .memory) {
        chosen = policy
    }

    /// Where the jars are kept; changing it forgets the jars handed out before.
    public var policy: CookiePolicy {
        get { lock.withLock { chosen } }
        set {
            lock.withLock {
                chosen = newValue
                jars = [:]
            }
        }
    }

    /// The in-memory jar for `key`, made on first use and kept as long as these jars are.
    public func jar(for key: String) -> CookieJar {
        lock.withLock {
            if let jar = jars[key] { return jar }
            let jar = CookieJar()
            jars[key] = jar
            return jar
        }
    }

    /// The jar for requests of the collection in directory `collection` with `environment` (`nil` for none), or
    /// `nil` when cookies are off; the same jar each time until the policy changes. Making it reads nothing: a jar
    /// with a file reads it on first use.
    public func jar(collection: String, environment: String?, keepsSessionCookies: Bool) -> CookieJar? {
        lock.withLock {
            let key: String
            let make: () -> CookieJar
            switch chosen {
            case .disabled: return nil
            case .memory:
                key = collection + "#" + (environment ?? "")
                make = { CookieJar() }
            case let .store(store):
                key = collection + "#" + (environment ?? "")
                make = { CookieJar(file: store.path(collection: collection, environment: environment), keepsSessionCookies: keepsSessionCookies) }
            case let .file(path):
                // As curl's -c: one file for everything, session cookies written too (expiry 0).
                key = path
                make = { CookieJar(file: path, keepsSessionCookies: true) }
            }
            if let jar = jars[key] { return jar }
            let jar = make()
            jars[key] = jar
            return jar
        }
    }

    /// Writes every jar with unsaved changes to its file: the owner calls it before it ends.
    public func saveAll() {
        let all = lock.withLock { Array(jars.values) }
        for jar in all { try? jar.saveIfChanged() }
    }
}
