import ExplorerCore
import ExplorerWorkspace
import Foundation

extension RequestResolver {
    /// The response's checks evaluated (their values resolved as the request's are) and captures taken, secrets
    /// masked: what the explorer shows in its Checks tab.
    public func outcome(of response: Request.Response, secrets: [String]) -> RequestOutcome {
        RequestOutcome.evaluate(CheckedResponse(response), reference: reference, name: request.name, iteration: 1,
                                checks: checks, captures: request.captures, secrets: secrets, variables: variableResolver)
    }

    /// Resolvers for the requests this one needs whose captures `store` lacks or holds stale under `environment` (by default this
    /// resolver's environment name), in the order to send them; a dependency cycle or an unknown reference is the
    /// located problem.
    public func missingNeeds(in store: CaptureStore, environment key: String? = nil) throws(CollectionProblem) -> [RequestResolver] {
        guard !request.needs.isEmpty else { return [] }
        let planner = DependencyPlanner(collection: collection)
        var located = collection.locate(folders.map(\.slug) + [request.slug])
        // Unsaved edits to this request's needs count: plan from the request as it is now.
        located?.request = request
        guard let located else { return [] }
        return try planner.plan([located]).filter { $0.isDependency && !store.hasFresh(of: $0.located.request, reference: $0.reference, environment: key ?? environment?.name) }
            .map { planned in
                var resolver = self
                resolver.folders = planned.located.folders
                resolver.request = planned.located.request
                return resolver
            }
    }
}
