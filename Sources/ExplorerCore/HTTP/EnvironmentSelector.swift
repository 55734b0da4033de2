import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A service's base URLs per environment (dev, stage, prod or any name) and which one is active, switchable at run time.
///
/// A `Service` keeps one in a static property and returns `selector.baseURL` from `baseURL`;
/// requests created after `select(_:)` go to the new environment.
public final class EnvironmentSelector: @unchecked Sendable {
    // A lock rather than an actor: `baseURL` is read from synchronous static properties.
    private let lock = NSLock()
    private var environments: [(name: String, url: URL)]
    private var selectedName: String

    /// Creates a selector; the first environment is active unless `selected` names another.
    public init(_ environments: KeyValuePairs<String, URL>, selected: String? = nil) {
        self.environments = environments.map { (name: $0.key, url: $0.value) }
        self.selectedName = selected ?? environments.first?.key ?? ""
    }

    /// The environment names in declaration order.
    public var names: [String] { lock.withLock { environments.map(\.name) } }

    /// The active environment's name.
    public var selected: String { lock.withLock { selectedName } }

    /// The active environment's base URL.
    public var baseURL: URL {
        lock.withLock {
            environments.first { $0.name == selectedName }?.url ?? environments.first?.url ?? URL(fileURLWithPath: "/")
        }
    }

    /// The base URL of a named environment.
    public func baseURL(for name: String) -> URL? { lock.withLock { environments.first { $0.name == name }?.url } }

    /// Changes (or adds) an environment's base URL, for URLs only known at run time such as a local server's port.
    public func set(_ url: URL, for name: String) {
        lock.withLock {
            if let index = environments.firstIndex(where: { $0.name == name }) {
                environments[index].url = url
            } else {
                environments.append((name: name, url: url))
            }
        }
    }

    /// Makes a named environment active; throws for a name that is not defined.
    public func select(_ name: String) throws(UnknownEnvironment) {
        let known = lock.withLock { () -> [String]? in
            guard environments.contains(where: { $0.name == name }) else { return environments.map(\.name) }
            selectedName = name
            return nil
        }
        if let known { throw UnknownEnvironment(name: name, known: known) }
    }
}
