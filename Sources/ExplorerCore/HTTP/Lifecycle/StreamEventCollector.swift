import Foundation

/// Splits a streamed body into events as its pieces arrive, and keeps them from the start while their data fits a
/// budget, to put on the response at the end.
package struct StreamEventCollector: Sendable {
    private var reader: StreamEventReader
    private let keptLimit: Int
    private var keptBytes = 0
    /// The events kept so far, from the first with no gap.
    package private(set) var kept: [StreamEvent] = []
    /// Every event read so far, kept or not.
    package private(set) var count = 0

    package init(format: StreamFormat, maxEventSize: Int, keptEventBytes: Int) {
        reader = StreamEventReader(format: format, maxEventSize: maxEventSize)
        keptLimit = keptEventBytes
    }

    /// True once an event went past `maxEventSize`: the stream cannot be read further.
    package var isOverLimit: Bool { reader.isOverLimit }

    /// The events the piece `data`, arrived at `time`, completed.
    package mutating func read(_ data: Data, time: TimeInterval) -> [StreamEvent] {
        // Read in place: a copy of the reader shared its buffer of the line being read, so each piece copied the
        // whole line so far before adding to it (a 60 MB line took 27 s, a 100 MB one 76 s).
        let events = reader.read(data, time: time)
        keep(events)
        return events
    }

    /// The events the end of the body completes (a JSON line without its line end).
    package mutating func finish(time: TimeInterval) -> [StreamEvent] {
        let last = reader.finish(time: time)
        keep(last)
        return last
    }

    private mutating func keep(_ events: [StreamEvent]) {
        for event in events {
            count += 1
            // Kept from the start with no gap: once one does not fit, none after it is kept.
            guard kept.count == count - 1, keptBytes + event.data.utf8.count <= keptLimit else { continue }
            keptBytes += event.data.utf8.count
            kept.append(event)
        }
    }
}
