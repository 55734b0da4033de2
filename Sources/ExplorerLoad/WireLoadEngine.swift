import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A closed-model load test of one `WireRequest` straight on SwiftNIO: each user is a connection whose handler sends
/// the next request the moment the last answer ends, on its event loop, with no task or continuation per request.
/// This is what lets one machine keep pace with wrk; anything the wire form cannot say goes through `LoadRunner`.
public struct WireLoadEngine: Sendable {
    /// The request sent again and again.
    public var request: WireRequest
    /// A closed-model plan.
    public var plan: LoadPlan
    /// The conditions the summary is judged by.
    public var thresholds: [LoadThreshold]

    /// An engine for `request`; `plan` must be closed-model.
    public init(request: WireRequest, plan: LoadPlan, thresholds: [LoadThreshold] = []) {
        self.request = request
        self.plan = plan
        self.thresholds = thresholds
    }

    /// Runs the test until its duration or request count is reached, or the task is cancelled.
    public func run(progress: (@Sendable (LoadProgress) -> Void)? = nil) async -> LoadSummary {
        guard case let .closed(concurrency) = plan.model else { return LoadSummary(LoadTally(), elapsed: 0, thresholds: thresholds) }
        let state = WireLoadState(request: request, plan: plan, users: max(1, concurrency))
        let thresholds = self.thresholds
        let ticker = LoadRecorder.ticker(progress) {
            state.recorder.progress(at: state.seconds(), warmup: state.plan.warmup, inFlight: state.inFlight.value, thresholds: thresholds)
        }
        await withTaskCancellationHandler {
            await state.run()
        } onCancel: {
            state.stop()
        }
        ticker?.cancel()
        return state.recorder.summary(at: state.seconds(), warmup: plan.warmup, thresholds: thresholds, stopped: Task.isCancelled)
    }
}
