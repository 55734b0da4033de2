import ExplorerCore
import ExplorerScripts
import ExplorerWorkspace
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
    /// It needs to read or run what its collection is not trusted with; nothing was read, run or sent.
    case untrusted(collection: String, reads: [OutsideRead])
    /// A before script failed or ran too long; nothing was sent.
    case script(ScriptFailure)

    /// The reason in words, unmasked.
    var description: String {
        switch self {
        case let .demoUnavailable(reason): return "The built-in demo API could not start: \(reason)"
        case let .unresolved(error): return error.description
        case let .script(failure): return failure.description + "; the request was not sent"
        case let .transport(error): return error.localizedDescription
        case let .untrusted(collection, reads):
            let listed = reads.map { "  " + $0.description }.joined(separator: "\n")
            return "Collection \(collection) is not trusted, and this request reads or runs outside it:\n\(listed)\n"
                + "Nothing was read, run or sent. Run apiexplorer trust \(collection) to see the whole list and trust it, "
                + "or pass --trust to trust it for this invocation only."
        }
    }

    /// The exit code a command ends with: 1 for a collection not trusted (as a failed check is: a decision, not
    /// trouble), 2 for the rest.
    var exitCode: CommandExit {
        if case .untrusted = self { return .failed }
        return .trouble
    }

    /// True when the user cancelled the request.
    var isCancelled: Bool {
        if case let .transport(error) = self { return error.isCancelled }
        return false
    }
}
