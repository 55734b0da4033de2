import Foundation

/// Runs a load test: sends iterations as the plan's model says, counts what comes back, and reports progress and the
/// summary. What one iteration sends (a request, or a chain of them) is the caller's `send`.
public struct LoadRunner: Sendable {
    /// Sends iteration `index` (0-based) and returns a sample per request it sent, each latency measured from that
    /// request's send; an iteration stopped by cancellation returns none.
    public typealias Send = @Sendable (_ index: Int) async -> [LoadSample]

    /// The model, bounds, ramp and warm-up.
    public var plan: LoadPlan
    /// The conditions the summary is judged by.
    public var thresholds: [LoadThreshold]

    /// A runner of `plan` judged by `thresholds`.
    public init(plan: LoadPlan, thresholds: [LoadThreshold] = []) {
        self.plan = plan
        self.thresholds = thresholds
    }

    /// Runs the test until its duration or request count is reached, or the task is cancelled (then what was counted is
    /// summarised, marked stopped). `progress` is called about four times a second.
    public func run(send: @escaping Send, progress: (@Sendable (LoadProgress) -> Void)? = nil) async -> LoadSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let recorder = LoadRecorder()
        let inFlight = InFlightCounter()
        let plan = self.plan
        let thresholds = self.thresholds
        let seconds: @Sendable (ContinuousClock.Instant) -> Double = { instant in
            let duration = start.duration(to: instant)
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        let ticker = LoadRecorder.ticker(progress) {
            recorder.progress(at: seconds(clock.now), warmup: plan.warmup, inFlight: inFlight.value, thresholds: thresholds)
        }
        switch plan.model {
        case let .open(rate):
            await runOpen(rate: rate, clock: clock, start: start, seconds: seconds, recorder: recorder, inFlight: inFlight, send: send)
        case let .closed(concurrency):
            await runClosed(concurrency: concurrency, clock: clock, start: start, seconds: seconds, recorder: recorder, inFlight: inFlight, send: send)
        }
        ticker?.cancel()
        return recorder.summary(at: seconds(clock.now), warmup: plan.warmup, thresholds: thresholds, stopped: Task.isCancelled)
    }

    /// Whether iteration `index`, meant to start at `time`, is past the end of the test.
    private func isPastEnd(index: Int, time: Double, warmupIterations: Int) -> Bool {
        if let duration = plan.duration, time >= plan.warmup + duration { return true }
        if let requests = plan.requests, index - warmupIterations >= requests { return true }
        return plan.duration == nil && plan.requests == nil
    }

    private func runOpen(rate: Double, clock: ContinuousClock, start: ContinuousClock.Instant, seconds: @escaping @Sendable (ContinuousClock.Instant) -> Double,
                         recorder: LoadRecorder, inFlight: InFlightCounter, send: @escaping Send) async {
        let schedule = LoadSchedule(rate: rate, ramp: plan.ramp)
        let warmupIterations = plan.warmup > 0 ? schedule.count(by: plan.warmup) : 0
        let connections = max(1, plan.connections)
        let countFrom = plan.warmup
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            var index = 0
            while !Task.isCancelled {
                let intended = schedule.start(of: index)
                if isPastEnd(index: index, time: intended, warmupIterations: warmupIterations) { break }
                let due = start.advanced(by: .nanoseconds(Int64((intended * 1e9).rounded())))
                if due > clock.now { try? await Task.sleep(until: due, clock: clock) }
                if Task.isCancelled { break }
                // Every connection busy: the request waits for one, and the wait counts in its latency.
                if running >= connections {
                    await group.next()
                    running -= 1
                }
                let counted = index >= warmupIterations
                group.addTask { [index] in
                    inFlight.change(by: 1)
                    let began = seconds(clock.now)
                    var samples = await send(index)
                    inFlight.change(by: -1)
                    guard !samples.isEmpty else { return }
                    // Measured from when it should have started, not from when it could.
                    samples[0].latency += max(0, began - intended)
                    recorder.add(samples, at: seconds(clock.now), countFrom: counted ? countFrom : .infinity)
                }
                running += 1
                index += 1
            }
            if Task.isCancelled { group.cancelAll() }
        }
    }

    private func runClosed(concurrency: Int, clock: ContinuousClock, start: ContinuousClock.Instant, seconds: @escaping @Sendable (ContinuousClock.Instant) -> Double,
                           recorder: LoadRecorder, inFlight: InFlightCounter, send: @escaping Send) async {
        let users = max(1, concurrency)
        let counter = IterationCounter()
        let plan = self.plan
        await withTaskGroup(of: Void.self) { group in
            for user in 0..<users {
                // With a ramp, users join one by one across it.
                let joins = plan.ramp > 0 ? plan.ramp * Double(user) / Double(users) : 0
                group.addTask {
                    if joins > 0 { try? await Task.sleep(until: start.advanced(by: .nanoseconds(Int64(joins * 1e9))), clock: clock) }
                    while !Task.isCancelled {
                        let now = seconds(clock.now)
                        let warming = now < plan.warmup
                        if let duration = plan.duration, now >= plan.warmup + duration { return }
                        guard let index = counter.next(limit: warming ? nil : plan.requests) else { return }
                        inFlight.change(by: 1)
                        let samples = await send(index)
                        inFlight.change(by: -1)
                        guard !samples.isEmpty else { continue }
                        recorder.add(samples, at: seconds(clock.now), countFrom: warming ? .infinity : plan.warmup)
                    }
                }
            }
        }
    }
}
