import ExplorerCore
import Foundation

/// The events of a response still streaming in, as the response pane shows them before the stream ends.
public struct LiveStream: Sendable, Equatable {
    /// How many of the latest events are kept for the screen; the count goes on past it.
    public static let keptEvents = 2_000

    /// The rows the event list draws for the latest events, oldest first, made once as each event arrives rather
    /// than on every frame; the events themselves are not kept.
    public private(set) var items: [EventItem] = []
    /// How many events arrived in all.
    public private(set) var count = 0
    /// How many body bytes arrived.
    public private(set) var bytes = 0
    /// When the first event arrived, in seconds since the request was sent.
    public private(set) var firstEvent: TimeInterval?

    /// An empty stream.
    public init() {}

    /// Takes in `events`, after `skipped` earlier ones that arrived but were not handed over (only the latest
    /// `keptEvents` are), and `bytes` more body bytes.
    public mutating func add(_ new: [StreamEvent], skipped: Int = 0, bytes more: Int) {
        if firstEvent == nil, let first = new.first { firstEvent = first.time }
        count += skipped + new.count
        bytes += more
        let arriving = new.suffix(LiveStream.keptEvents)
        items.append(contentsOf: EventItem.items(Array(arriving), total: count))
        if items.count > LiveStream.keptEvents { items.removeFirst(items.count - LiveStream.keptEvents) }
    }

    /// The line above the events: how many, for how long, and when the first came.
    public func summary(elapsed: TimeInterval) -> String {
        var text = "streaming · \(count) event\(count == 1 ? "" : "s") · \(String(format: "%.1f", elapsed)) s"
        if let firstEvent { text += " · first event \(MeasurementText.duration(firstEvent))" }
        return text
    }
}
