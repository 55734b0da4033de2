import Foundation

/// The close codes a test server received from its clients, in order, safe to read from the test.
public final class WebSocketCloseLog: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [UInt16?] = []

    /// Records one close frame's code (nil when it carried none).
    func append(_ code: UInt16?) {
        lock.withLock { codes.append(code) }
    }

    /// Every close code so far.
    public var all: [UInt16?] { lock.withLock { codes } }
}
