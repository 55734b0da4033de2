import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The request pane's own state: its tab and table selection, what is being edited, and a draft per request (its
/// unsaved edits, its file's bytes, its last body editor).
public struct RequestEditor: Sendable {
    /// The tab shown.
    public var tab = RequestTab.headers
    /// The selected row in the tab's table (effective headers, parameters, form fields, auth or options).
    public var selection = 0
    /// What has the cursor (the URL, a table row, a value, the body), if anything.
    public var edit: RequestEdit?
    /// Each request's draft, by tree key.
    public var drafts: [RequestKey: RequestDraft] = [:]
    /// The GraphQL schemas fetched or read from the cache, for completion, marks and the Schema view.
    public var schemas = GraphQLSchemaStore()
    /// Each gRPC request's server schema, as completion reads it: its methods and the outline of its messages.
    public var grpcSchemas: [RequestKey: (methods: [GRPCMethodChoice], outline: GRPCOutline)] = [:]
    /// The gRPC requests whose schema was looked for in the cache already.
    public var grpcLooked: Set<RequestKey> = []
    /// The last known state of each OAuth 2.0 token, by `RequestPane.tokenKey` (a request in an environment).
    public var tokenStates: [String: String] = [:]

    /// Creates an editor with no edits.
    public init() {}

    /// The unsaved edits: the request as edited, per request key (a request edited back to its file's state has none).
    public var edited: [RequestKey: RequestSpec] { drafts.compactMapValues(\.edited) }

    /// True when some request has unsaved edits.
    public var hasEdits: Bool { drafts.values.contains { $0.edited != nil } }

    /// True when the request `key` has unsaved edits: a draft, or, when it is the request `selected` whose body is
    /// being edited, a body changed since the editor opened.
    public func isModified(_ key: RequestKey, selected: RequestKey?) -> Bool {
        drafts[key]?.edited != nil || (key == selected && edit?.body?.area.isModified == true)
    }

    /// Sets (or, with nil, clears) the unsaved edits of the request `key`.
    public mutating func setEdited(_ request: RequestSpec?, for key: RequestKey) {
        drafts[key, default: RequestDraft()].edited = request
    }

    /// Takes the file bytes of a load (by file path) as the originals of the requests in `collections`; with
    /// `keepingSaved`, a request whose bytes were saved meanwhile keeps them.
    public mutating func takeOriginals(_ files: [String: Data], of collections: [CollectionSpec], keepingSaved: Bool) {
        for collection in collections {
            for located in collection.allRequests {
                let key = RequestKey(collection.reference(of: located))
                guard let data = files[located.request.file] else { continue }
                if keepingSaved, drafts[key]?.original != nil { continue }
                drafts[key, default: RequestDraft()].original = data
            }
        }
    }

    /// Forgets every file's bytes (before a reload brings them again); edits and body editors stay.
    public mutating func forgetOriginals() {
        for key in drafts.keys { drafts[key]?.original = nil }
    }
}
