import ExplorerCore
import Foundation

/// Work the run loop does on the explorer's behalf; its results come back as messages.
public enum AppEffect: Sendable {
    /// Send the request (the run loop fills in the demo API address) and report as `id`.
    case send(id: Int, resolver: RequestResolver)
    /// Cancel the send with this id.
    case cancel(id: Int)
    /// Save a request's own headers through the collection store.
    case save(key: String, headers: [KeyValue], request: RequestSpec, original: Data?)
    /// Find the lines of a body containing `query` (off the UI: a large body takes a while) and report as `id`.
    case searchBody(id: Int, document: BodyDocument, query: String)
    /// Resolve the request and write it in `format`, reporting as `id`.
    case export(id: Int, resolver: RequestResolver, format: ExportFormat)
    /// Send the request in two environments at once and compare the responses, reporting as `id`.
    case compare(id: Int, first: RequestResolver, second: RequestResolver)
    /// Write an imported request as a new file in `folder` of the collection `collection` (a slug).
    case addRequest(collection: String, request: RequestSpec, folder: FolderSpec)
    /// Read every collection from disk again.
    case reload
    /// Leave the explorer.
    case quit
}
