import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

extension MCPToolbox {
    /// `run`: a collection, folder or request sent as `run` sends it, after the same refusals as `send_request`;
    /// the run report's JSON.
    func run(_ arguments: MCPArguments) async throws(MCPToolFailure) -> String {
        let reference = try arguments.requiredString("reference", example: "Demo/users")
        let overrides = try arguments.variables()
        let result = try loadCollections()
        let parts = reference.split(separator: "/").map(String.init)
        let collection = try self.collection(parts.first ?? reference, in: result)
        guard let selected = collection.requests(selectedBy: Array(parts.dropFirst())) else {
            throw MCPToolFailure("'\(reference)' is not a folder or request of collection \(collection.name). list_requests shows them.")
        }
        // A file of the selection that did not load is a test that would silently not run: nothing is sent.
        var folder = collection.root
        for part in parts.dropFirst() {
            guard let sub = folder.folders.first(where: { $0.slug == part }) else { break }
            folder = sub
        }
        let directory = folder.directory.hasSuffix("/") ? folder.directory : folder.directory + "/"
        let broken = result.errors.filter { ($0.location.file + "/").hasPrefix(directory) }
        if !broken.isEmpty {
            throw MCPToolFailure("\(broken.count) file\(broken.count == 1 ? "" : "s") of the selection did not load; nothing was sent: "
                + broken.map(\.description).joined(separator: "; "))
        }
        let environment = try self.environment(try arguments.string("environment"), of: collection)
        try refuseProtected(environment, of: collection)
        let plan: [PlannedRequest]
        do { plan = try DependencyPlanner(collection: collection).plan(selected) } catch { throw MCPToolFailure(error.description) }
        // Every request of the plan is looked at before anything is sent, so a refused one sends nothing.
        for planned in plan {
            try refuseCommandsAndPrompts(resolver(collection, planned.located, environment: environment, overrides: overrides))
        }
        let started = Date()
        let outcomes = try await host.run(plan, of: collection, environment: environment, overrides: overrides)
        let report = RunReport(outcomes: outcomes, environment: environment?.name, duration: Date().timeIntervalSince(started), startedAt: started)
        let object = (try? JSONSerialization.jsonObject(with: report.json)) ?? [:]
        return MCPJSON.text(object, masker: SecretMasker(secrets: knownSecrets(of: collection)))
    }
}
