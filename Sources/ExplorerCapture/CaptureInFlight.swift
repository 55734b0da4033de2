/// The request a client connection has in flight upstream, and how far its answer has gone back.
struct CaptureInFlight: Sendable {
    let relay: CaptureRelay
    let cancel: @Sendable () -> Void

    /// Cancels the upstream request when the client left before its answer was whole; a client that closes as soon as
    /// it has the body it was promised (curl with one URL) leaves an exchange that is complete all the same.
    func clientLeft() {
        if !relay.isAnswered { cancel() }
    }
}
