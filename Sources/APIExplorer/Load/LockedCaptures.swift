import ExplorerChecks
import ExplorerWorkspace
import Foundation

/// The values a load test's chain captured, shared by its iterations: the last response's capture is what the next
/// request (of this iteration or the next) resolves with.
final class LockedCaptures: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var store = CaptureStore()

    /// Records `values` and forgets `released`.
    func record(_ values: [CapturedValue], released: [String]) {
        guard !values.isEmpty || !released.isEmpty else { return }
        lock.withLock {
            store.record(values, environment: nil)
            store.forget(released, environment: nil)
        }
    }

    /// The captured values, as variables.
    var variables: [Variable] { lock.withLock { store.variables(environment: nil) } }
}
