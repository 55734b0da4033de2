import Foundation
import ExplorerCore

/// Events handed over on the transport's thread, read by the test afterwards.
final class EventCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [StreamEvent] = []

    func add(_ more: [StreamEvent]) { lock.withLock { events += more } }

    var all: [StreamEvent] { lock.withLock { events } }
}
