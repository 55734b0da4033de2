import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

extension MCPToolbox {
    /// `search_history`: the kept exchanges that match, newest first.
    func searchHistory(_ arguments: MCPArguments) async throws(MCPToolFailure) -> String {
        let limit = try arguments.int("limit") ?? MCPToolCatalog.historyDefault
        guard (1...MCPToolCatalog.historyLimit).contains(limit) else {
            throw MCPToolFailure("'limit' must be from 1 to \(MCPToolCatalog.historyLimit), got \(limit)")
        }
        var status = HistoryStatusFilter.all
        if let label = try arguments.string("status") {
            guard let filter = HistoryStatusFilter(label: label) else {
                throw MCPToolFailure("'status' takes 2xx, 3xx, 4xx, 5xx or failed, got '\(label)'")
            }
            status = filter
        }
        let query = HistoryQuery(reference: try arguments.string("request"), text: try arguments.string("text") ?? "", status: status,
                                 environment: try arguments.string("environment"), source: try arguments.string("source"), limit: limit)
        let entries = try await host.historyEntries(matching: query)
        let dates = HistoryEntry.jsonDates()
        let objects = entries.map { $0.jsonObject(dates: dates) }
        // History keeps exchanges masked; what the collections hold now is masked again, for an entry kept before a
        // value was marked secret.
        let secrets = ((try? loadCollections())?.collections ?? []).flatMap(knownSecrets)
        return MCPJSON.text(["exchanges": objects, "count": objects.count] as [String: Any], masker: SecretMasker(secrets: secrets))
    }
}
