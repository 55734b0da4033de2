import Foundation

/// Runs blocking test work (a tmux dialogue that polls with `Thread.sleep`) on a thread of its own, so the
/// cooperative pool stays free for the in-process servers the program under test talks to.
public enum OffPool {
    /// The result of `body`, run on a new thread.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try body() })
            }
        }
    }
}
