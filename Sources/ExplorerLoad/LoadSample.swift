/// What one request of a load test came to: how long it took from its intended start, its phases, its error and its
/// checks.
public struct LoadSample: Sendable, Equatable {
    /// Seconds from the intended start (open model) or the send (closed model) to the end of the answer.
    public var latency: Double
    /// Seconds opening a new connection (nil on a reused one).
    public var connect: Double?
    /// Seconds of the TLS handshake (nil without a new TLS connection).
    public var tls: Double?
    /// Seconds from sending to the response head.
    public var firstByte: Double?
    /// Why there was no usable answer, if there was not.
    public var error: LoadErrorKind?
    /// Checks that passed on the response.
    public var checksPassed: Int
    /// Checks that failed on it.
    public var checksFailed: Int

    /// A sample.
    public init(latency: Double, connect: Double? = nil, tls: Double? = nil, firstByte: Double? = nil, error: LoadErrorKind? = nil,
                checksPassed: Int = 0, checksFailed: Int = 0) {
        self.latency = latency
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.error = error
        self.checksPassed = checksPassed
        self.checksFailed = checksFailed
    }
}
