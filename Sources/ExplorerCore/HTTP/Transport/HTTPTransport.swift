import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seam between the core and the network: send one prepared request (one hop: a transport never follows a
/// redirect), stream back its head and body to `events`, and stop when cancelled.
///
/// Everything above it (attempts, timeouts, the deadline, redirects, size caps, spilling, validation, hooks) lives in
/// `RequestOperation` and is the same on every transport.
protocol HTTPTransport: Sendable {
    /// Prepares the exchange for `request`; nothing is sent until it is resumed. `events` hears the head, the body in
    /// chunks and then exactly one end.
    func exchange(_ request: URLRequest, configuration: Request.Configuration, events: HopReceiver) -> any TransportExchange

    /// Why this transport cannot send `request` as configured, before anything is sent; `nil` when it can.
    func refusal(for request: URLRequest, configuration: Request.Configuration) -> URLError?

    /// The timers of the requests this transport carries (each attempt's timeout, the overall deadline).
    var timers: EngineTimers { get }
}

extension HTTPTransport {
    func refusal(for request: URLRequest, configuration: Request.Configuration) -> URLError? { nil }
}
