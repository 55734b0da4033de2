import ExplorerChecks
import ExplorerCore
import ExplorerMCP
import ExplorerWorkspace
import Foundation

/// The MCP server's host: sends through the same pipeline as `send` and `run` (trust, scripts, cookies, credentials,
/// history kept with source `mcp`), with no one to ask, so a `{{$prompt}}` fails instead of waiting, and a trusted
/// collection is still never granted a `{{$command}}`.
struct MCPPipelineHost: MCPHost {
    /// Sends every request of the server.
    let pipeline: SendPipeline
    /// Decides what a run's plan may read outside its collection, before anything is sent.
    let trustGate: TrustGate
    /// Cookies, tokens and secrets read, kept for the life of the server.
    let context: SendContext
    /// Where exchanges are kept, and searched.
    let history: HistoryRecorder

    /// What `send` would send, sent, and its exchange as the server returns it.
    func send(_ resolver: RequestResolver) async -> MCPExchange {
        var resolver = resolver
        resolver.inputs.context = context
        defer { context.finish() }
        if resolver.request.isWebSocket || resolver.request.isGRPC {
            // A conversation or a call: what `run` reports of it, its checks included.
            let outcome = resolver.request.isWebSocket ? await pipeline.converse(resolver) : await pipeline.callGRPC(resolver)
            return MCPExchange(sent: nil, sentHeaders: [], response: nil, outcome: outcome, failure: outcome.error, console: [],
                               masker: SecretMasker(secrets: resolver.variableResolver.secretValues))
        }
        let exchange = await pipeline.send(resolver)
        // On history's serial queue, where a search_history after this answer also runs, so it finds this exchange.
        pipeline.recordLater(exchange)
        var failure = exchange.failureText
        if case let .untrusted(collection, reads)? = exchange.failure {
            failure = MCPPipelineHost.untrusted(collection, reads)
        }
        return MCPExchange(sent: exchange.resolved?.request, sentHeaders: exchange.response?.sentHeaders ?? [], response: exchange.response,
                           outcome: exchange.outcome, failure: failure,
                           console: exchange.console.map { exchange.masker.mask(ScriptConsoleText.text($0)) }, masker: exchange.masker)
    }

    /// `plan` sent as `run` sends it, one request at a time; nothing is sent when the collection is not trusted with
    /// what the plan reads.
    func run(_ plan: [PlannedRequest], of collection: CollectionSpec, environment: EnvironmentSpec?,
             overrides: [Variable]) async throws(MCPToolFailure) -> [RequestOutcome] {
        let resolvers = plan.map { planned in
            RequestResolver(collection: collection, folders: planned.located.folders, request: planned.located.request,
                            environment: environment, overrides: overrides)
        }
        do { _ = try trustGate.grant(for: resolvers) } catch {
            if case let .untrusted(slug, reads) = error { throw MCPToolFailure(MCPPipelineHost.untrusted(slug, reads)) }
            throw MCPToolFailure(error.description)
        }
        defer { context.finish() }
        var store = CaptureStore()
        do { store = try CaptureStore.load(collectionDirectory: collection.directory) } catch {
            StandardError.write("\(error) (captured values not used)")
        }
        var runner = CollectionRunner(collection: collection, environment: environment?.overridingBaseURL(with: overrides), overrides: overrides)
        runner.context = context
        runner.sender = { [pipeline] resolver in
            if resolver.request.isWebSocket { return await pipeline.converse(resolver) }
            if resolver.request.isGRPC { return await pipeline.callGRPC(resolver) }
            let exchange = await pipeline.send(resolver)
            pipeline.recordLater(exchange)
            return exchange.runOutcome
        }
        let (outcomes, _) = await runner.run(plan, store: store) { _, _, _ in }
        // Kept before the answer, so a search_history right after finds the run.
        _ = await history.withStore { _ in true }
        return outcomes
    }

    /// The kept exchanges `query` selects, from the store the sends are kept in.
    func historyEntries(matching query: HistoryQuery) async throws(MCPToolFailure) -> [HistoryEntry] {
        if history.isOff { throw MCPToolFailure("history is off (--no-history or APIEXPLORER_HISTORY=off), so there is nothing to search") }
        let found: Result<[HistoryEntry], MCPToolFailure>? = await history.withStore { store in
            do { return .success(try store.entries(matching: query)) } catch { return .failure(MCPToolFailure("\(error)")) }
        }
        guard let found else { throw MCPToolFailure("history could not be opened (see the server's standard error)") }
        return try found.get()
    }

    /// Why an untrusted collection sent nothing, with what the user can do about it from a terminal.
    static func untrusted(_ collection: String, _ reads: [OutsideRead]) -> String {
        let listed = reads.map(\.description).joined(separator: "; ")
        return "collection \(collection) is not trusted, and this reads or runs outside it: \(listed). Nothing was read, run or sent. "
            + "Its user can run `apiexplorer trust \(collection)` in a terminal to see the whole list and trust it "
            + "(a {{$command}} is never run by apiexplorer mcp, trusted or not)."
    }
}
