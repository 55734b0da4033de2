import ExplorerCore
import Foundation

/// Hands a streamed response's events to the explorer as they arrive, at most every `interval` seconds, so a fast
/// stream is drawn in batches rather than flooding the inbox, and a lone event after a quiet spell is drawn at once.
///
/// It never gets ahead of the screen: while its last batch still waits in the inbox it only gathers, and it keeps just
/// the latest `LiveStream.keptEvents` (counting the rest), so a stream faster than the explorer can draw runs in
/// bounded memory instead of queueing every event for a screen that shows the last 2,000.
public final class StreamProgressPoster: @unchecked Sendable {
    /// Runs a closure after a delay in seconds (a timer; tests pass one they fire by hand).
    public typealias Scheduler = @Sendable (TimeInterval, @escaping @Sendable () -> Void) -> Void

    private let id: Int
    private let inbox: MessageInbox
    private let interval: TimeInterval
    private let floodInterval: TimeInterval
    /// The wait between posts now: `interval`, or `floodInterval` after a batch of a flood.
    private var pace: TimeInterval
    private let schedule: Scheduler
    private let lock = NSLock()
    private var events: [StreamEvent] = []
    private var skipped = 0
    private var bytes = 0
    private var lastPost = Date.distantPast
    /// True while a timed flush is pending: there is never more than one.
    private var flushScheduled = false
    /// The inbox's drain count when the last batch was posted; while it is the same, that batch has not been taken.
    private var postedAtDrain: Int?

    /// A poster for the send with `id`. Every 4 ms at most keeps an event's way to the screen within issue 28's
    /// targets (median < 5 ms, p99 < 16 ms; 8 ms gave a median of 7.9 ms at 200 events/s). A batch of more than
    /// `floodBatch` events means a flood nobody reads event by event: then the screen is drawn 30 times a second
    /// (at 4 ms a flood of 18,000 events a second kept a core busy), until the batches are small again.
    public init(id: Int, inbox: MessageInbox, interval: TimeInterval = 0.004, floodInterval: TimeInterval = 1.0 / 30,
                schedule: @escaping Scheduler = { delay, work in DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: work) }) {
        self.id = id
        self.inbox = inbox
        self.interval = interval
        self.floodInterval = floodInterval
        self.pace = interval
        self.schedule = schedule
    }

    /// More events than this in one batch is a flood.
    public static let floodBatch = 64

    /// Takes one part of the response; body pieces and events are batched, the head and end are left to the send.
    public func take(_ part: ResponseStreamPart) {
        let postNow: Bool
        switch part {
        case let .body(data, _):
            lock.withLock { bytes += data.count }
            postNow = false
        case let .events(new):
            postNow = lock.withLock {
                events += new
                if events.count > LiveStream.keptEvents {
                    skipped += events.count - LiveStream.keptEvents
                    events.removeFirst(events.count - LiveStream.keptEvents)
                }
                // A flush already due takes these events too.
                if flushScheduled { return false }
                let since = Date().timeIntervalSince(lastPost)
                if since >= pace { return true }
                // Due when the interval since the last post is up, not a whole interval from now: an event never
                // waits longer than `pace` for a free screen.
                scheduleFlush(after: pace - since)
                return false
            }
        default:
            // The head and the end are the send's own to report.
            postNow = false
        }
        if postNow { flush(timed: false) }
    }

    /// Flushes after `delay` seconds unless a flush is already due. Call with `lock` held.
    private func scheduleFlush(after delay: TimeInterval) {
        guard !flushScheduled else { return }
        flushScheduled = true
        schedule(delay) { [weak self] in self?.flush(timed: true) }
    }

    /// Posts what has gathered; `timed` when the pending timer fired (a direct flush leaves that timer alone).
    private func flush(timed: Bool) {
        let batch = lock.withLock { () -> (events: [StreamEvent], skipped: Int, bytes: Int)? in
            if timed { flushScheduled = false }
            if let postedAtDrain, inbox.drainCount == postedAtDrain {
                // The explorer has not taken the last batch yet: keep gathering and look again.
                scheduleFlush(after: pace)
                return nil
            }
            guard !events.isEmpty || bytes > 0 else { return nil }
            defer {
                pace = events.count + skipped > Self.floodBatch ? floodInterval : interval
                events = []
                skipped = 0
                bytes = 0
                lastPost = Date()
                postedAtDrain = inbox.drainCount
            }
            return (events, skipped, bytes)
        }
        guard let batch else { return }
        inbox.post(.streamProgress(id: id, events: batch.events, bytes: batch.bytes, skipped: batch.skipped))
    }
}
