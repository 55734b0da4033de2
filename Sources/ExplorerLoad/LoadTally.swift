/// Everything counted so far in a load test: the latency histograms of the total and each phase, errors by kind,
/// checks, and completions per second for the live view.
public struct LoadTally: Sendable {
    /// Latencies from the intended start.
    public var total = LatencyHistogram()
    /// New connections' connect times.
    public var connect = LatencyHistogram()
    /// New TLS connections' handshakes.
    public var tls = LatencyHistogram()
    /// Times to the response head.
    public var firstByte = LatencyHistogram()
    /// Requests counted.
    public var requests = 0
    /// Errors by kind.
    public var errors: [LoadErrorKind: Int] = [:]
    /// Checks that passed.
    public var checksPassed = 0
    /// Checks that failed.
    public var checksFailed = 0
    /// Requests completed in each second of the counted part, for the live throughput and sparkline.
    public var perSecond: [Int] = []
    /// The latencies (seconds) of the requests completed in each second, summed: with `perSecond`, the mean latency
    /// of each second for the latency sparkline.
    public var latencyPerSecond: [Double] = []

    /// An empty tally.
    public init() {}

    /// Counts `sample`, completed `elapsed` seconds into the counted part.
    public mutating func add(_ sample: LoadSample, at elapsed: Double) {
        requests += 1
        total.record(sample.latency)
        if let connect = sample.connect { self.connect.record(connect) }
        if let tls = sample.tls { self.tls.record(tls) }
        if let firstByte = sample.firstByte { self.firstByte.record(firstByte) }
        if let error = sample.error { errors[error, default: 0] += 1 }
        checksPassed += sample.checksPassed
        checksFailed += sample.checksFailed
        let second = max(0, Int(elapsed))
        if second < 86_400 {
            while perSecond.count <= second {
                perSecond.append(0)
                latencyPerSecond.append(0)
            }
            perSecond[second] += 1
            latencyPerSecond[second] += sample.latency
        }
    }

    /// All errors.
    public var errorCount: Int { errors.values.reduce(0, +) }
}
