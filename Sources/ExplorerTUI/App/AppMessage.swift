import ExplorerChecks
import ExplorerCore
import ExplorerLoad
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// Everything that can change the explorer's state: keys, the clock, and results of effects.
public enum AppMessage: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// Keys that arrived together (a paste in a terminal without bracketed paste, or typing faster than a frame).
    case keysPressed([Key])
    /// The terminal was resized.
    case resized(width: Int, height: Int)
    /// Time passed (drives the spinner and elapsed time).
    case ticked(Date)
    /// The built-in demo API started at this address.
    case demoStarted(URL)
    /// A response arrived for the send with this id.
    case responseReceived(id: Int, ResponseSummary)
    /// A request the send with this id needed was sent: the values it captured, or why it failed.
    case needSent(id: Int, reference: String, captured: [CapturedValue], failure: String?)
    /// The send with this id failed.
    case requestFailed(id: Int, message: String)
    /// The methods of the gRPC server of the request `key` and the outline of its messages, or why they could not be
    /// had; `fresh` when the user asked for them (the method picker opens).
    case grpcMethodsListed(key: RequestKey, methods: [GRPCMethodChoice], outline: GRPCOutline?, failure: String?, fresh: Bool)
    /// The WebSocket conversation `id` is open; the server chose `subprotocol`.
    case webSocketOpened(id: Int, subprotocol: String?)
    /// Something arrived in the WebSocket conversation `id` (secrets masked).
    case webSocketEvent(id: Int, WebSocketEvent)
    /// The WebSocket conversation `id` could not be opened, or broke.
    case webSocketFailed(id: Int, message: String)
    /// More of the streamed response to the send with this id arrived: its latest events, how many arrived before
    /// them that are not handed over (a flood keeps only what the screen can show), and how many body bytes.
    case streamProgress(id: Int, events: [StreamEvent], bytes: Int, skipped: Int = 0)
    /// The body search with this id finished with these matching lines.
    case searchFinished(id: Int, matches: [Int])
    /// Every request file has been read (the first frame may show folders before their requests).
    case collectionsLoaded(CollectionLoadResult)
    /// The collections read again from disk (Ctrl-R); their bytes replace those loaded before.
    case collectionsReloaded(CollectionLoadResult)
    /// A request file was saved as `request`; these are its new bytes.
    case saved(key: RequestKey, file: String, data: Data, request: RequestSpec)
    /// The tree's files changed and the collections were read again; `select` is the tree key to select, `movedFrom`
    /// the key a moved or renamed request had (its unsaved edits follow it); `message` goes to the status line and
    /// `focus` is the pane to work in next (the request pane after a new request, whose URL comes next).
    case treeChanged(CollectionLoadResult, select: RequestKey?, movedFrom: RequestKey?, message: String, focus: Focus = .tree)
    /// A GraphQL schema arrived for `key` (`fetched` is when it was read from the server), from the server or the
    /// cache, or could not be had (`failure` says why; nil schema and failure: nothing was cached).
    case schemaFetched(key: GraphQLSchemaKey, schema: GraphQLSchema?, fetched: Date?, failure: String?)
    /// The check of a large JSON body with this id finished: where it does not parse, or nil.
    case jsonChecked(id: Int, error: JSONSyntaxError?)
    /// The load test `id` so far.
    case loadProgress(id: Int, LoadProgress)
    /// The load test `id` ended (or was stopped): its summary.
    case loadFinished(id: Int, LoadSummary)
    /// The load test `id` could not start (the request does not resolve), and why.
    case loadFailed(id: Int, message: String)
    /// The syntax check of a script being edited with this id finished.
    case scriptChecked(id: Int, verdict: ScriptSyntaxVerdict)
    /// A secret was written to a secrets file and the collections read again (nil when writing failed); `message` says which.
    case secretStored(CollectionLoadResult?, message: String)
    /// An environment change was written and the collections read again (nil when writing failed); `message` says
    /// what happened.
    case environmentChanged(EnvironmentChange, directory: String, CollectionLoadResult?, message: String)
    /// Text to put on the clipboard is ready (a request written as curl off the UI).
    case copyReady(text: String, what: String)
    /// The filter with this id finished: the selected values as a JSON array and how many, or why it failed.
    case bodyFiltered(id: Int, result: Result<FilteredBody, FilterFailure>)
    /// Work done off the UI (a copy, a saved body, a token) finished as this says; the status line says it in words.
    case reported(EffectReport)
    /// The OAuth 2.0 token of `key` (a request in an environment) is now as `state` says (`expires in 43 min, …`).
    case tokenStateReported(key: String, state: String)
    /// The external editor closed.
    case editorFinished(ExternalEditResult)
    /// Saving failed.
    case saveFailed(key: RequestKey, message: String)
    /// The export with this id is ready.
    case exported(id: Int, format: ExportFormat, text: String)
    /// The comparison with this id is ready: its report.
    case compared(id: Int, lines: [ComparisonLine])
    /// The export or comparison with this id failed.
    case toolFailed(id: Int, message: String)
    /// An imported request was written to a new file in the collection `collection` (a slug).
    case requestAdded(collection: String, request: RequestSpec, data: Data)
    /// Writing an imported request failed.
    case addFailed(message: String)
    /// History opened and is recording.
    case historyOpened
    /// History cannot be used (a bad setting, an unreadable, locked or read-only file); the sentence says why.
    case historyProblem(String)
    /// The history list with this id was read: its rows and the environments history has seen.
    case historyListed(id: Int, entries: [HistoryEntry], environments: [String])
    /// The kept exchange asked for as `id` was read (nil when there is none), with its response made ready to show
    /// (its body indexed off the UI) when it has one.
    case exchangeOpened(id: Int, HistoryExchange?, summary: ResponseSummary?)
    /// The cookie jar of the collection in `directory` with `environment` was read: its cookies, or nil when cookies
    /// are off in this run.
    case cookiesListed(directory: String, environment: String?, cookies: [CookieRecord]?)
}
