/// The state of a running load test, for the live line and the explorer's panel.
public struct LoadProgress: Sendable {
    /// Seconds since the test started, warm-up included.
    public var time: Double
    /// True while the warm-up lasts.
    public var isWarmingUp: Bool
    /// Requests in flight.
    public var inFlight: Int
    /// What is counted so far.
    public var summary: LoadSummary

    /// A progress report.
    public init(time: Double, isWarmingUp: Bool, inFlight: Int, summary: LoadSummary) {
        self.time = time
        self.isWarmingUp = isWarmingUp
        self.inFlight = inFlight
        self.summary = summary
    }
}
