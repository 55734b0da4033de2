import Foundation

/// Everything the demo API remembers between requests: hit counts, flaky-route counters and the resources.
actor DemoState {
    private var hitCounts: [String: Int] = [:]
    private var flakyCounts: [String: Int] = [:]
    private var resources: [String: DemoResourceStore] = DemoResourceStore.seeded()

    /// Counts a request to `path`.
    func recordHit(_ path: String) {
        hitCounts[path, default: 0] += 1
    }

    /// How many requests reached `path`.
    func hits(_ path: String) -> Int {
        hitCounts[path] ?? 0
    }

    /// Counts a call to a flaky key and returns how many calls came before it.
    func nextFlakyAttempt(_ key: String) -> Int {
        let previous = flakyCounts[key] ?? 0
        flakyCounts[key] = previous + 1
        return previous
    }

    /// Runs `body` on a resource store by name (`users`), or returns nil when there is no such resource.
    func withResource<T: Sendable>(_ name: String, _ body: (inout DemoResourceStore) -> T) -> T? {
        guard var store = resources[name] else { return nil }
        let result = body(&store)
        resources[name] = store
        return result
    }
}
