import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The shared state of a `WireLoadEngine` run: the clock, the counters the users draw iterations from, the tally,
/// and the wait for the last user to finish.
final class WireLoadState: @unchecked Sendable {
    let request: WireRequest
    let plan: LoadPlan
    let users: Int
    let recorder = LoadRecorder()
    let inFlight = InFlightCounter()
    private let iterations = IterationCounter()
    private let started = NIODeadline.now()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stopped = false
    private var running = 0
    private var finished: CheckedContinuation<Void, Never>?
    private var channels: [ObjectIdentifier: Channel] = [:]
    private var joins: [Scheduled<Void>] = []

    init(request: WireRequest, plan: LoadPlan, users: Int) {
        self.request = request
        self.plan = plan
        self.users = users
    }

    /// Seconds since the run started.
    func seconds(_ deadline: NIODeadline = .now()) -> Double {
        Double((deadline - started).nanoseconds) / 1e9
    }

    /// Starts every user (with a ramp, one by one across it) and waits until the last one stops.
    func run() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.withLock {
                finished = continuation
                running = users
            }
            let group = MultiThreadedEventLoopGroup.singleton
            // With a ramp, users join one by one across it, none later than the end of the test.
            let end = plan.duration.map { plan.warmup + $0 } ?? .infinity
            for user in 0..<users {
                let loop = group.next()
                let delay = min(plan.ramp > 0 ? plan.ramp * Double(user) / Double(users) : 0, end)
                let join = loop.scheduleTask(in: .nanoseconds(Int64(delay * 1e9))) { [self] in
                    if isOver { userFinished() } else { WireLoadConnection.open(on: loop, state: self) }
                }
                // A join cancelled by a stop never runs: its user is finished here.
                join.futureResult.whenFailure { [self] _ in userFinished() }
                lock.withLock { joins.append(join) }
            }
        }
    }

    /// The next iteration for a user, and whether it is counted (not warm-up); nil when the test is over for it.
    func next() -> (index: Int, counted: Bool)? {
        guard !lock.withLock({ stopped }) else { return nil }
        let now = seconds()
        if let duration = plan.duration, now >= plan.warmup + duration { return nil }
        let counted = now >= plan.warmup
        return iterations.next(limit: counted ? plan.requests : nil).map { ($0, counted) }
    }

    /// Counts a finished request; one drawn during the warm-up is not counted, whenever it ends.
    func record(_ sample: LoadSample, counted: Bool) {
        recorder.add([sample], at: seconds(), countFrom: counted ? plan.warmup : .infinity)
    }

    /// A user stopped; the last one ends the run.
    func userFinished() {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            running -= 1
            guard running == 0 else { return nil }
            defer { finished = nil }
            return finished
        }
        continuation?.resume()
    }

    /// True when the test is over: stopped, past its duration, or every counted iteration handed out.
    var isOver: Bool {
        if isStopped { return true }
        if let duration = plan.duration, seconds() >= plan.warmup + duration { return true }
        return seconds() >= plan.warmup && iterations.isExhausted(limit: plan.requests)
    }

    /// Keeps `channel` to close if the test is stopped while it waits for an answer.
    func opened(_ channel: Channel) {
        lock.withLock { channels[ObjectIdentifier(channel)] = channel }
    }

    /// Forgets a closed channel.
    func closed(_ channel: Channel) {
        _ = lock.withLock { channels.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Ctrl-C or Esc: no user sends again, and the connections still waiting are closed.
    func stop() {
        let (open, waiting) = lock.withLock { () -> ([Channel], [Scheduled<Void>]) in
            stopped = true
            return (Array(channels.values), joins)
        }
        for join in waiting { join.cancel() }
        for channel in open { channel.close(promise: nil) }
    }

    /// True once stopped.
    var isStopped: Bool { lock.withLock { stopped } }

}
