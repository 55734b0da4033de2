import Foundation
import Logging

/// A swift-log handler that keeps every message (with its metadata) in memory, so tests can read what was logged.
public struct CapturingLogHandler: LogHandler {
    /// The shared store the handler writes to.
    public final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        /// Creates an empty store.
        public init() {}
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        /// Everything logged so far, one line per message.
        public var messages: [String] { lock.withLock { lines } }
        /// All messages joined by newlines.
        public var text: String { messages.joined(separator: "\n") }
    }

    /// Where messages go.
    public let store: Store
    /// Metadata set on the logger.
    public var metadata: Logger.Metadata = [:]
    /// Everything is captured.
    public var logLevel: Logger.Level = .trace

    /// Creates a handler writing to a store.
    public init(store: Store) { self.store = store }

    /// A logger that writes into a new store, and that store.
    public static func logger(label: String = "test") -> (Logger, Store) {
        let store = Store()
        return (Logger(label: label) { _ in CapturingLogHandler(store: store) }, store)
    }

    /// Reads or writes one metadata value.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Records a message with its metadata.
    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let meta = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        store.append("\(event.level) \(event.message) \(meta)")
    }
}
