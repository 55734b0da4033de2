import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listening socket on 127.0.0.1 (port 0) that hands each accepted connection to a handler on a thread of its own
/// and closes it when the handler returns: the accept loop the raw-socket test servers share.
final class LoopbackListener: @unchecked Sendable {
    /// The bound port.
    let port: UInt16
    private let descriptor: Int32
    private let lock = NSLock()
    private var stopped = false

    /// Binds a free loopback port and starts accepting; `serve` runs for each connection.
    init(serve: @escaping @Sendable (Int32) -> Void) throws {
        (descriptor, port) = try LoopbackSocket.listen()
        Thread.detachNewThread { [self] in acceptLoop(serve) }
    }

    /// True once `stop` was called.
    var isStopped: Bool { lock.withLock { stopped } }

    /// Stops accepting; connections being served go on until their handlers return.
    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first {
            shutdown(descriptor, Int32(SHUT_RDWR))
            close(descriptor)
        }
    }

    private func acceptLoop(_ serve: @escaping @Sendable (Int32) -> Void) {
        while true {
            let client = accept(descriptor, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread.detachNewThread {
                serve(client)
                close(client)
            }
        }
    }
}
