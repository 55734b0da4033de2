import ExplorerChecks
import ExplorerWorkspace

/// What the server needs from the process that runs it: sending and running through the same pipeline as `send` and
/// `run` (trust, scripts, cookies, credentials, history), and reading the history that pipeline keeps. The server
/// decides what may be sent (references, environments, refusals); the host only carries it out.
public protocol MCPHost: Sendable {
    /// Sends `resolver`'s request and evaluates its checks and captures; never asks a question or runs a command.
    func send(_ resolver: RequestResolver) async -> MCPExchange
    /// Sends `plan` of `collection` in `environment` as `run` does and returns each request's outcome; throws when
    /// the collection is not trusted with what the plan reads, before anything is sent.
    func run(_ plan: [PlannedRequest], of collection: CollectionSpec, environment: EnvironmentSpec?,
             overrides: [Variable]) async throws(MCPToolFailure) -> [RequestOutcome]
    /// The kept exchanges `query` selects, newest first.
    func historyEntries(matching query: HistoryQuery) async throws(MCPToolFailure) -> [HistoryEntry]
}
