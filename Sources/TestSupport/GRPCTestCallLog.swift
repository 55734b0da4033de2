import Foundation

/// What a `GRPCTestServer` received: each call's path, metadata and number of messages, for tests to assert on.
public final class GRPCTestCallLog: @unchecked Sendable {
    /// One call as the server saw it.
    public struct Call: Sendable {
        /// `/shop.v1.Inventory/GetItem`.
        public var path: String
        /// The request headers without pseudo-headers (metadata, `grpc-timeout`, `grpc-encoding`…).
        public var metadata: [String: String]
        /// Request messages received.
        public var messages: Int
        /// True when the client reset the stream before the server answered (a deadline, a cancel).
        public var reset: Bool
    }

    private let lock = NSLock()
    private var entries: [Call] = []

    /// Every call so far, in the order they began.
    public var calls: [Call] { lock.withLock { entries } }

    /// The calls to `path`.
    public func calls(to path: String) -> [Call] { calls.filter { $0.path == path } }

    func begin(path: String, metadata: [String: String]) -> Int {
        lock.withLock {
            entries.append(Call(path: path, metadata: metadata, messages: 0, reset: false))
            return entries.count - 1
        }
    }

    func received(_ index: Int) { lock.withLock { entries[index].messages += 1 } }

    func reset(_ index: Int) { lock.withLock { entries[index].reset = true } }
}
