import ExplorerChecks
import ExplorerCore
import ExplorerGRPC
import ExplorerWorkspace
import Foundation

extension SendPipeline {
    /// Makes a gRPC request's call as `run` reports it: prepared as any request is (trust, prompts, secrets, the
    /// demo's address), called (`GRPCRequestCall`), kept in history, judged by its checks over the replies and status.
    /// Cancelling the task (Ctrl-C) cancels the call and keeps what arrived.
    func callGRPC(_ resolver: RequestResolver) async -> RequestOutcome {
        let ready: RequestResolver
        let resolved: ResolvedRequest
        do { (ready, resolved) = try await self.ready(resolver) } catch { return notReady(resolver, error) }
        let secrets = showsSecrets ? [] : resolved.secretValues
        let call = GRPCRequestCall(resolved: resolved, resolver: ready, history: history, source: source)
        let invocation: GRPCInvocation
        do { invocation = try call.invocation() } catch {
            return RequestOutcome(reference: ready.reference, name: ready.request.name, error: SecretMasker(secrets: secrets).mask("could not be sent: \(error)"))
        }
        if Task.isCancelled {
            return RequestOutcome(reference: ready.reference, name: ready.request.name, error: "not sent: interrupted (Ctrl-C)")
        }
        let done = await call.run(invocation)
        var outcome = call.outcome(done, secrets: secrets)
        if done.status?.code == .cancelled, Task.isCancelled { outcome.error = "interrupted (Ctrl-C): \(done.replies.count) messages received" }
        return outcome
    }
}
