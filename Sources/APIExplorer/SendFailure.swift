import ExplorerCore
import Foundation

/// Why a saved request got no response: the built-in demo did not start, a variable or URL did not resolve (nothing
/// was sent), or the transport failed.
enum SendFailure: Error, Sendable {
    /// The built-in demo API could not start.
    case demoUnavailable(String)
    /// The request did not resolve; nothing was sent.
    case unresolved(ResolveError)
    /// It was sent and failed (refused, timed out, TLS, cancelled).
    case transport(RequestError)

    /// The reason in words, unmasked.
    var description: String {
        switch self {
        case let .demoUnavailable(reason): return "The built-in demo API could not start: \(reason)"
        case let .unresolved(error): return error.description
        case let .transport(error): return error.localizedDescription
        }
    }

    /// True when the user cancelled the request.
    var isCancelled: Bool {
        if case let .transport(error) = self { return error.isCancelled }
        return false
    }
}
