import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Runs the work on a response body or a body being edited off the UI (a search, a JSONPath filter, a JSON check),
/// one search and one filter at a time: a newer one cancels the one still running.
final class BodyEffectRunner {
    private let inbox: MessageInbox
    private var search: Task<Void, Never>?
    private var filter: Task<Void, Never>?

    /// A runner posting to `inbox`.
    init(inbox: MessageInbox) {
        self.inbox = inbox
    }

    /// Starts `effect` if it is one of these; other effects have their own runners.
    func start(_ effect: AppEffect) {
        let inbox = self.inbox
        switch effect {
        case let .searchBody(id, document, query, decodingEscapes):
            search?.cancel()
            search = Task.detached {
                let matches = document.matchingLines(query, decodingEscapes: decodingEscapes, isCancelled: { Task.isCancelled })
                guard !Task.isCancelled else { return }
                inbox.post(.searchFinished(id: id, matches: matches))
            }
        case let .filterBody(id, data, path):
            // One filter at a time: a newer expression cancels the one still running.
            filter?.cancel()
            filter = Task.detached {
                let result: Result<FilteredBody, FilterFailure>
                do {
                    let matches = try JSONPath(path).select(in: data, isCancelled: { Task.isCancelled })
                    let array = "[" + matches.map(\.value).joined(separator: ",") + "]"
                    result = .success(FilteredBody(data: Data(array.utf8), count: matches.count))
                } catch is CancellationError {
                    return
                } catch {
                    result = .failure(FilterFailure(String(describing: error)))
                }
                guard !Task.isCancelled else { return }
                inbox.post(.bodyFiltered(id: id, result: result))
            }
        case let .checkJSON(id, text):
            Task.detached { inbox.post(.jsonChecked(id: id, error: JSONTemplate.validate(text))) }
        default:
            break
        }
    }

    /// Stops what is still running.
    func cancelAll() {
        search?.cancel()
        filter?.cancel()
    }
}
