import ExplorerChecks
import ExplorerCore
import ExplorerLoad
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// Work the run loop does on the explorer's behalf; its results come back as messages.
public enum AppEffect: Sendable {
    /// Send the request (the run loop fills in the demo API address) and report as `id`.
    case send(id: Int, resolver: RequestResolver)
    /// Send a request the current send needs first (its captures are missing) and report `.needSent` as `id`.
    case sendNeed(id: Int, resolver: RequestResolver)
    /// Cancel the send with this id.
    case cancel(id: Int)
    /// Open the WebSocket request as the conversation `id`, send `messages` once it is open, and report
    /// `.webSocketOpened`, each `.webSocketEvent` and any `.webSocketFailed`.
    case openWebSocket(id: Int, resolver: RequestResolver, messages: [WebSocketMessage])
    /// Find the methods of the gRPC server of the request `key` and report `.grpcMethodsListed`: from its schema
    /// files, else by reflection when `fresh` (the user asked), else from the cache only (completion's quiet look).
    case listGRPCMethods(key: RequestKey, resolver: RequestResolver, fresh: Bool)
    /// Send `message` in the conversation `id`.
    case sendWebSocket(id: Int, message: WebSocketMessage)
    /// Close the conversation `id` (code 1000), or give up on its handshake.
    case closeWebSocket(id: Int, code: UInt16 = 1000, reason: String = "")
    /// Pings the server in the WebSocket conversation `id`; its pong arrives as an event.
    case pingWebSocket(id: Int)
    /// Write the keys of `request` that differ from `saved` (the request as loaded) into its file; `original` is the
    /// file's bytes as loaded, for detecting a change made outside.
    case save(key: RequestKey, request: RequestSpec, saved: RequestSpec, original: Data?)
    /// Change the collection's files (new, duplicate, rename, move, delete), read the collections again and report
    /// `.treeChanged` with `select` (a tree key whose last part is filled in with the slug the change made) selected.
    case changeTree(TreeChange, select: TreeSelection, movedFrom: RequestKey?)
    /// Hand the terminal to `$VISUAL`/`$EDITOR` on `file` (a temporary copy of the body, or the request file) and
    /// report `.editorFinished`.
    case openEditor(ExternalEdit)
    /// Find the lines of a body containing `query` (off the UI: a large body takes a while) and report as `id`.
    case searchBody(id: Int, document: BodyDocument, query: String, decodingEscapes: Bool)
    /// Resolve the request and write it in `format`, reporting as `id`.
    case export(id: Int, resolver: RequestResolver, format: ExportFormat)
    /// Send the request in two environments at once and compare the responses, reporting as `id`.
    case compare(id: Int, first: RequestResolver, second: RequestResolver)
    /// Write an imported request as a new file in `folder` of the collection `collection` (a slug).
    case addRequest(collection: String, request: RequestSpec, folder: FolderSpec)
    /// Write `value` as `variable` of `environment` into the secrets file of the collection in `directory`, read the
    /// collections again and report `.secretStored`.
    case storeSecret(directory: String, environment: String, variable: String, value: String)
    /// Write `store`'s values of `environment` next to the collection in `directory` (secret ones into
    /// `secrets.local.yaml`, the others into `captures.local.yaml`) and report `.reported`.
    case saveCaptures(directory: String, environment: String, store: CaptureStore)
    /// Write `change` to the environments of the collection in `directory` (`original`: its collection file's bytes as
    /// loaded, for detecting a change made outside), read the collections again and report `.environmentChanged`.
    case changeEnvironment(EnvironmentChange, directory: String, original: Data?)
    /// Select the values `path` (a JSONPath) finds in the JSON `data`, off the UI, and report `.bodyFiltered` with `id`.
    case filterBody(id: Int, data: Data, path: String)
    /// Send the introspection query in place of the GraphQL request's query (`resolver`: the request as it is sent),
    /// keep the answer in the schema cache and report `.schemaFetched` for `key`.
    case introspect(key: GraphQLSchemaKey, resolver: RequestResolver)
    /// Read the cached schema of `key`, if there is one, and report `.schemaFetched`.
    case readSchema(key: GraphQLSchemaKey)
    /// Check a large JSON body off the UI and report `.jsonChecked` with `id`.
    case checkJSON(id: Int, text: String)
    /// Run the load test `plan` on `resolver`'s request (and the requests it needs), reporting `.loadProgress` about
    /// four times a second and then `.loadFinished` (or `.loadFailed`) with `id`.
    case startLoad(id: Int, resolver: RequestResolver, plan: LoadPlan)
    /// Stop the load test `id`; what it counted comes as `.loadFinished`.
    case stopLoad(id: Int)
    /// Check the syntax of a script being edited off the UI and report `.scriptChecked` with `id`.
    case checkScript(id: Int, text: String)
    /// Put `text` on the clipboard (`what` names it for the status line) and report `.reported`.
    case copy(text: String, what: String)
    /// Resolve the request, write it as a curl command and put that on the clipboard.
    case copyRequest(resolver: RequestResolver)
    /// Write the response body's bytes to `path` and report `.reported`.
    case saveBody(data: Data, path: String)
    /// Hand the terminal to `$PAGER` on the body's text, then take it back.
    case openPager(document: BodyDocument, data: Data)
    /// Keep the split between the tree and the other panes (a percentage) in the state directory for the next run.
    case rememberSplit(Int)
    /// List the history the query selects, off the UI, and report `.historyListed` with `id`.
    case loadHistory(id: Int, query: HistoryQuery)
    /// Read the kept exchange `exchangeID` and report `.exchangeOpened` with `id`.
    case openExchange(id: Int, exchangeID: Int64)
    /// Read the newest kept exchange of a saved request (in `environment` if it has one there, else any) and report
    /// `.exchangeOpened` with `id`.
    case loadLatest(id: Int, reference: String, environment: String?)
    /// Send the kept exchange `exchangeID` again exactly as it was sent, reporting as the send `id`; `resolver` is its
    /// saved request as it resolves now (secrets history did not keep come from it), if the request still exists.
    case replay(id: Int, exchangeID: Int64, resolver: RequestResolver?)
    /// Compare the kept exchange `first` with the kept exchange `second`, or with `live` (the response on screen),
    /// reporting `.compared` with `id`.
    case compareExchanges(id: Int, first: Int64, second: Int64?, live: ResponseSummary?)
    /// Write a new collection `name` with `environment` into the collections `directory`, read the collections again
    /// and report `.treeChanged` with it selected.
    case createCollection(name: String, environment: EnvironmentSpec, directory: String)
    /// Write the bundled Demo collection into the collections `directory`, read the collections again and report
    /// `.treeChanged` with it selected.
    case addDemo(directory: String)
    /// Import the Postman collection or `.http` file at `path` as a collection in `directory`, read the collections
    /// again and report `.treeChanged` with it selected.
    case importFile(path: String, directory: String)
    /// Fetch, renew or forget the OAuth 2.0 token of the request `resolver` makes and report `.tokenStateReported`
    /// with `key` (prompts of an interactive grant go to the status line as `.reported`).
    case oauthToken(key: String, resolver: RequestResolver, operation: OAuthTokenOperation)
    /// Read the cookie jar of the collection in `directory` with `environment` (first removing `remove`, or every
    /// cookie when `clear`) and report `.cookiesListed`.
    case cookies(directory: String, environment: String?, keepsSessionCookies: Bool, remove: CookieRecord? = nil, clear: Bool = false)
    /// Read every collection from disk again.
    case reload
    /// Remember in the state directory that the collection is trusted with what `list` reads and runs.
    case trustCollection(TrustList)
    /// Leave the explorer.
    case quit
}
