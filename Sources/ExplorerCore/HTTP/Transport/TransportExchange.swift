/// One request in flight on a transport.
protocol TransportExchange: AnyObject, Sendable {
    /// Starts sending.
    func resume()
    /// Stops at once; the events then end with a cancellation unless they had already ended.
    func cancel()
}
