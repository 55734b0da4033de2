import ExplorerChecks
import ExplorerCore
import ExplorerLoad
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Runs the explorer's load tests off the UI, one at a time: progress about four times a second, then the summary.
final class LoadEffectRunner {
    private let inbox: MessageInbox
    private let demo: DemoServerLauncher
    private let history: HistoryRecorder?
    private var running: (id: Int, task: Task<Void, Never>)?

    /// A runner posting to `inbox`, sending to the demo API through `demo` when the environment uses it, and keeping
    /// each test's summary in `history`.
    init(inbox: MessageInbox, demo: DemoServerLauncher, history: HistoryRecorder?) {
        self.inbox = inbox
        self.demo = demo
        self.history = history
    }

    /// Starts or stops a test.
    func start(_ effect: AppEffect) {
        switch effect {
        case let .startLoad(id, resolver, plan):
            running?.task.cancel()
            let inbox = self.inbox
            let history = self.history
            let pipeline = SendPipeline(demo: demo, history: nil, source: "load")
            running = (id, Task.detached {
                let target: LoadTarget
                do throws(LoadPlanError) { target = try LoadTarget(resolver) } catch {
                    inbox.post(.loadFailed(id: id, message: error.description))
                    return
                }
                do throws(SendFailure) {
                    let summary = try await LoadExecution.run(target, plan: plan, thresholds: [], pipeline: pipeline) { progress in
                        inbox.post(.loadProgress(id: id, progress))
                    }
                    inbox.post(.loadFinished(id: id, summary))
                    // Kept as a load run of the request, resolved as its first send was (the test ran, so it resolves).
                    if let history, !history.isOff, let resolved = try? await pipeline.resolve(resolver) {
                        let started = Date(timeIntervalSinceNow: -summary.elapsed)
                        let kept = HistoryExchange.recording(loadRunOf: resolved, summary: summary.lines.joined(separator: "\n") + "\n",
                                                             elapsed: summary.elapsed, source: "load", sentAt: started, limits: history.limits)
                        history.later { history.record(kept) }
                    }
                } catch {
                    inbox.post(.loadFailed(id: id, message: error.description))
                }
            })
        case let .stopLoad(id):
            if running?.id == id { running?.task.cancel() }
        default:
            break
        }
    }

    /// Stops the test still running.
    func cancelAll() {
        running?.task.cancel()
    }
}
