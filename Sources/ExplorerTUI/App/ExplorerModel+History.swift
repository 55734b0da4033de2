import ExplorerCore
import Foundation

extension ExplorerModel {
    /// Opens the history list: the selected request's exchanges, or every request's (`all`, or nothing selected).
    mutating func openHistory(all: Bool) -> [AppEffect] {
        guard session.historyIsOn else {
            status = session.historyProblem ?? "History is off (--no-history or APIEXPLORER_HISTORY=off), or its file is still opening."
            return []
        }
        modal = .history(HistoryPanel(reference: all ? nil : tree.selectedRequestKey))
        return listHistory()
    }

    /// Reads the open list again with its current filters.
    mutating func listHistory() -> [AppEffect] {
        guard var panel = modal?.historyPanel else { return [] }
        let id = takeSendID()
        panel.pending = id
        modal = .history(panel)
        return [.loadHistory(id: id, query: panel.query)]
    }

    /// Asks for a kept exchange to show in the response pane.
    mutating func openExchange(_ exchangeID: Int64) -> [AppEffect] {
        let id = takeSendID()
        responseView.pendingPast = id
        focus = .response
        return [.openExchange(id: id, exchangeID: exchangeID)]
    }

    /// Sends a kept exchange again exactly as it was sent.
    mutating func replay(_ entry: HistoryEntry) -> [AppEffect] {
        let (id, effects) = beginResponse(key: entry.reference ?? "history #\(entry.id)")
        focus = .response
        status = ExplorerModel.replayingNote(entry.id)
        let current = entry.reference.flatMap { self.resolver(forKey: $0, environment: entry.environment) }
        return effects + [.replay(id: id, exchangeID: entry.id, resolver: current)]
    }

    /// Compares the marked exchange with the selected one, or the selected one with the live response.
    mutating func compareExchanges(_ panel: HistoryPanel) -> [AppEffect] {
        guard let entry = panel.selected else { return [] }
        let comparison: (first: Int64, second: Int64?, live: ResponseSummary?, against: String)
        if let marked = panel.marked, marked != entry.id {
            comparison = (marked, entry.id, nil, "#\(entry.id)")
        } else if case let .received(summary) = responseView.state, summary.past == nil {
            comparison = (entry.id, nil, summary, "the live response")
        } else {
            status = "Space marks an exchange, then c on another compares the two; with none marked, c compares with a response just received."
            return []
        }
        let id = takeSendID()
        modal = .tool(.comparing(id: id, first: "#\(comparison.first)", second: comparison.against), returnTo: panel)
        return [.compareExchanges(id: id, first: comparison.first, second: comparison.second, live: comparison.live)]
    }

    /// After a selection change: shows the newly selected request's last kept response, unless a response for it is
    /// already on screen or one is on its way.
    mutating func restorePastResponse() -> [AppEffect] {
        // Whatever was asked for before is no longer wanted, whether or not something is asked for now.
        responseView.pendingPast = nil
        guard session.historyIsOn, let key = tree.selectedRequestKey, key != responseView.key, let selected = selectedRequest else { return [] }
        if case .sending = responseView.state { return [] }
        let id = takeSendID()
        responseView.pendingPast = id
        return [.loadLatest(id: id, reference: key, environment: environment(of: selected.collection)?.name)]
    }

    /// Shows a kept exchange that was asked for, if it is still the one wanted.
    mutating func exchangeOpened(id: Int, _ exchange: HistoryExchange?, summary prepared: ResponseSummary? = nil) {
        guard responseView.pendingPast == id else { return }
        responseView.pendingPast = nil
        if case .sending = responseView.state { return }
        guard let exchange else { return }
        if let summary = prepared ?? ResponseSummary(past: exchange) {
            responseView.state = .received(summary)
        } else {
            let when = MeasurementText.timestamp(exchange.sentAt, relativeTo: now)
            responseView.state = .failed("From history (#\(exchange.id ?? 0), sent \(when)\(exchange.environment.map { " in \($0)" } ?? "")): "
                               + (exchange.error ?? "no response"))
        }
        responseView.key = exchange.reference ?? "history #\(exchange.id ?? 0)"
        inPane(\.responseView) { $0.resetBody(context: &$1) }
    }

    /// A resolver for the saved request `key` (as saved, without unsaved edits) in the environment `name`, if both exist.
    func resolver(forKey key: String, environment name: String?) -> RequestResolver? {
        guard let (collection, located) = locate(key: key) else { return nil }
        var environment: EnvironmentSpec?
        if let name {
            guard let found = collection.environment(named: name) else { return nil }
            environment = found
        }
        return RequestResolver(collection: collection, folders: located.folders, request: located.request, environment: environment,
                               overrides: session.overrides, extraHeaders: session.extraHeaders, demoBaseURL: session.demoBaseURL)
    }
}
