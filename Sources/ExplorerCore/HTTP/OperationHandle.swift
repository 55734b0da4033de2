import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Lets a task-cancellation handler reach an operation that may not exist yet when cancellation arrives.
final class OperationHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var operation: RequestOperation?
    private var cancelled = false

    /// Records the operation; cancels it straight away if cancellation already came.
    func attach(_ operation: RequestOperation) {
        let cancelNow = lock.withLock { () -> Bool in
            self.operation = operation
            return cancelled
        }
        if cancelNow { operation.cancel() }
    }

    /// Cancels the operation now or as soon as it is attached.
    func cancel() {
        let current = lock.withLock { () -> RequestOperation? in
            cancelled = true
            return operation
        }
        current?.cancel()
    }
}
