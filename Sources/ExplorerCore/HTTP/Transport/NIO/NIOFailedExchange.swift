import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A hop `SwiftNIOTransport` cannot send (a bad URL, a TLS file it cannot read): resuming it reports why.
final class NIOFailedExchange: TransportExchange, @unchecked Sendable {
    private let events: HopReceiver
    private let error: URLError

    init(events: HopReceiver, error: URLError) {
        self.events = events
        self.error = error
    }

    func resume() {
        events.finished(error: error)
    }

    func cancel() {
        events.finished(error: URLError(.cancelled))
    }
}
