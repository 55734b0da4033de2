/// What a load test does: its model, when it stops, how it ramps up and what it does not count.
public struct LoadPlan: Sendable, Equatable {
    /// Open (a rate) or closed (a number of users).
    public var model: LoadModel
    /// Seconds the counted part lasts, after the warm-up; nil when `requests` bounds it.
    public var duration: Double?
    /// Requests counted before it stops (iterations of a chain); nil when `duration` bounds it.
    public var requests: Int?
    /// Requests in flight at most, as connections: in the open model a request that finds them all busy waits, and
    /// its wait is part of its latency.
    public var connections: Int
    /// Seconds over which the rate or the number of users rises linearly from zero.
    public var ramp: Double
    /// Seconds sent first and not counted (connections opened, caches warmed).
    public var warmup: Double

    /// A plan; `connections` defaults to 100.
    public init(model: LoadModel, duration: Double? = nil, requests: Int? = nil, connections: Int = 100, ramp: Double = 0, warmup: Double = 0) {
        self.model = model
        self.duration = duration
        self.requests = requests
        self.connections = connections
        self.ramp = ramp
        self.warmup = warmup
    }
}
