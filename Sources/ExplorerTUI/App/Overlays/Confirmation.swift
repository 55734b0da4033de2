import ExplorerCore
import ExplorerWorkspace

/// A yes/no question; y confirms, any other key goes back.
public struct Confirmation: Sendable, Equatable {
    /// What yes does.
    public enum Purpose: Sendable, Equatable {
        /// Delete the request `key` (its file).
        case deleteRequest(key: RequestKey)
        /// Send the selected request although its JSON body does not parse.
        case sendInvalidJSON
        /// Replace the request `key`'s method, URL, query, headers and body with those of a pasted curl command.
        case replaceWithCurl(key: RequestKey, request: RequestSpec)
        /// Trust a collection with what its list reads and runs outside it, remember that, and send.
        case trustCollection(TrustList)
    }

    /// The title.
    public var title: String
    /// The question.
    public var message: String
    /// What yes does.
    public var purpose: Purpose
}
