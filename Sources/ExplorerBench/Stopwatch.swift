/// Measures elapsed wall time with the monotonic clock.
struct Stopwatch {
    private let start = ContinuousClock.now

    /// Seconds since the stopwatch was created.
    var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Runs `body` and returns how many seconds it took.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let watch = Stopwatch()
        try body()
        return watch.seconds
    }

    /// Runs async `body` and returns how many seconds it took.
    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let watch = Stopwatch()
        try await body()
        return watch.seconds
    }
}
