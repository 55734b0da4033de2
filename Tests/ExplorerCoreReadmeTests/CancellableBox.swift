#if canImport(Combine)
import Combine
#else
@preconcurrency import OpenCombine
#endif

/// Keeps a subscription alive until its publisher completes.
final class CancellableBox: @unchecked Sendable {
    var cancellable: AnyCancellable?
}
