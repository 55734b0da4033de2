/// The latency percentiles of a load test: the total from the intended start, and each phase.
public struct LoadLatencies: Sendable, Equatable {
    /// From the intended start to the end of the answer.
    public var total: LatencyStats
    /// Opening new connections.
    public var connect: LatencyStats
    /// TLS handshakes.
    public var tls: LatencyStats
    /// From sending to the response head.
    public var firstByte: LatencyStats

    /// The percentiles of `tally`'s histograms.
    public init(_ tally: LoadTally) {
        total = tally.total.stats
        connect = tally.connect.stats
        tls = tally.tls.stats
        firstByte = tally.firstByte.stats
    }
}
