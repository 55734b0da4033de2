import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Keeps what a streamed response handed over so far (in `run`, and in the explorer, whose Esc stops a stream): when
/// the stream is stopped the core returns no response, and this is what arrived (its head, its events with their
/// times, and how many bytes came) for history to keep.
final class StreamKeeper: @unchecked Sendable {
    private let lock = NSLock()
    private var head: ResponseHead?
    private var kept: [StreamEvent] = []
    private var keptBytes = 0
    private var eventCount = 0
    private var lastTime: TimeInterval = 0
    private var receivedBytes = 0
    private let keptEventBytes = Request.Configuration().keptEventBytes

    /// Takes one part as it arrives.
    func take(_ part: ResponseStreamPart) {
        lock.withLock {
            switch part {
            case let .head(head):
                self.head = head
                lastTime = head.time
            case let .body(data, time):
                lastTime = time
                receivedBytes += data.count
            case let .events(events):
                for event in events {
                    eventCount += 1
                    // As the core keeps them: from the first, while they fit.
                    guard kept.count == eventCount - 1, keptBytes + event.data.utf8.count <= keptEventBytes else { continue }
                    keptBytes += event.data.utf8.count
                    kept.append(event)
                }
            case .end(_):
                break
            }
        }
    }

    /// How many events came.
    var count: Int { lock.withLock { eventCount } }

    /// Seconds from sending until the last piece arrived.
    var lastArrival: TimeInterval { lock.withLock { lastTime } }

    /// What arrived as a response history can keep (the head and the events kept); nil when no head came.
    func response(to request: Request) -> Request.Response? {
        lock.withLock {
            guard let head else { return nil }
            var response = Request.Response(request: request, urlResponse: head.urlResponse, data: Data(), duration: lastTime,
                                            headers: head.headers)
            response.events = kept
            response.eventCount = eventCount
            // The size that arrived, not the 0 bytes of the body history does not keep for a stream.
            response.byteCount = receivedBytes
            return response
        }
    }
}
