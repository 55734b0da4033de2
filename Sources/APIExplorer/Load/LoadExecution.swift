import ExplorerCore
import ExplorerLoad

/// Runs a load test the fastest way it can be run: straight on SwiftNIO when it is closed-model and its one request
/// is the same bytes every time with checks on the status alone, otherwise through the send pipeline.
enum LoadExecution {
    /// The summary of `plan` run on `target`; making the sender may fail (the request does not resolve).
    static func run(_ target: LoadTarget, plan: LoadPlan, thresholds: [LoadThreshold], pipeline: SendPipeline,
                    progress: (@Sendable (LoadProgress) -> Void)?) async throws(SendFailure) -> LoadSummary {
        let sender = try await LoadSender.make(target, pipeline: pipeline, connections: plan.connections)
        if case .closed = plan.model, let wire = sender.wireRequest {
            return await WireLoadEngine(request: wire, plan: plan, thresholds: thresholds).run(progress: progress)
        }
        return await LoadRunner(plan: plan, thresholds: thresholds).run(send: { index in await sender.iteration(index) }, progress: progress)
    }
}
