/// When each request of an open-model test is meant to start, in seconds from the start: `rate` a second, reached by a
/// linear ramp over `ramp` seconds. A request's latency is measured from this moment, not from when a connection was
/// free to send it, so a stalled server counts against every request that should have gone out meanwhile.
public struct LoadSchedule: Sendable, Equatable {
    /// Requests a second once ramped up.
    public var rate: Double
    /// Seconds of the linear ramp from zero.
    public var ramp: Double

    /// A schedule of `rate` a second after a ramp of `ramp` seconds.
    public init(rate: Double, ramp: Double = 0) {
        self.rate = rate
        self.ramp = max(0, ramp)
    }

    /// The start of request `index` (0-based). During the ramp the rate at `t` is `rate·t/ramp`, so `index` requests
    /// have started by `t` when `rate·t²/(2·ramp)` reaches it.
    public func start(of index: Int) -> Double {
        guard rate > 0 else { return .infinity }
        let count = Double(index)
        let duringRamp = rate * ramp / 2
        if ramp > 0, count < duringRamp { return (2 * ramp * count / rate).squareRoot() }
        return ramp + (count - duringRamp) / rate
    }

    /// How many requests have started by `time` seconds.
    public func count(by time: Double) -> Int {
        guard time > 0, rate > 0 else { return 0 }
        if ramp > 0, time < ramp { return Int((rate * time * time / (2 * ramp)).rounded(.up)) }
        return Int((rate * ramp / 2 + rate * (time - ramp)).rounded(.up))
    }
}
