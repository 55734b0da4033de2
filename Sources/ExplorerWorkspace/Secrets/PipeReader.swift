import Foundation

/// Reads a pipe to its end on a thread of its own, so a child process never blocks on a full pipe.
final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the reading thread before `done` is signalled, read only after waiting for it.
    private var collected = Data()

    /// Starts reading `handle`.
    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            collected = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything read, once the writer has closed the pipe (waits at most two seconds).
    func data() -> Data {
        _ = done.wait(timeout: .now() + 2)
        return collected
    }
}
