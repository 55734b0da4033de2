import ArgumentParser
import ExplorerChecks
import ExplorerLoad
import ExplorerCore
import ExplorerWorkspace

/// What a load test sends: the requests of one collection the references select, in the order their needs make, in
/// one environment.
struct LoadTarget: Sendable {
    /// The references as given, for the summary and reports.
    var name: String
    /// The collection.
    var collection: CollectionSpec
    /// The environment in use.
    var environment: EnvironmentSpec?
    /// The requests of one iteration, each after those it needs.
    var plan: [PlannedRequest]
    /// `--set` values.
    var overrides: [Variable]
    /// `--header` values.
    var extraHeaders: [KeyValue]
    /// What every resolver of the test resolves with (the explorer's trust, answers and context), when given.
    var inputs: ResolutionInputs?

    /// A resolver of each planned request, with `variables` (captured ones) over the environment's.
    func resolvers(capturing variables: [Variable] = []) -> [RequestResolver] {
        plan.indices.map { resolver(at: $0, capturing: variables) }
    }

    /// The resolver of planned request `index`, with `variables` (captured ones) over the environment's.
    func resolver(at index: Int, capturing variables: [Variable]) -> RequestResolver {
        let planned = plan[index]
        var resolver = RequestResolver(collection: collection, folders: planned.located.folders, request: planned.located.request,
                                       environment: environment, overrides: variables + overrides, extraHeaders: extraHeaders)
        if let inputs { resolver.inputs = inputs }
        return resolver
    }

    /// The target `references` select in `result`; an unknown reference or environment is reported and exits 2.
    static func select(_ references: [String], in result: CollectionLoadResult, environment name: String?, configFile: ConfigFile,
                       overrides: [Variable], extraHeaders: [KeyValue]) throws -> LoadTarget {
        var collection: CollectionSpec?
        var selected: [CollectionSpec.Located] = []
        for reference in references {
            let parts = reference.split(separator: "/").map(String.init)
            guard let first = parts.first, let found = result.collection(named: first) else {
                let names = result.collections.map(\.slug).joined(separator: ", ")
                StandardError.write("error: no collection '\(parts.first ?? reference)'. Collections: \(names.isEmpty ? "none" : names).")
                throw ExitCode(.trouble)
            }
            if let collection, collection.slug != found.slug {
                StandardError.write("error: a load test sends one collection's requests; '\(reference)' is in \(found.slug), not \(collection.slug).")
                throw ExitCode(.trouble)
            }
            collection = found
            guard let requests = found.requests(selectedBy: Array(parts.dropFirst())) else {
                StandardError.write("error: '\(reference)' is not a folder or request of collection \(found.name). Run `apiexplorer list`.")
                throw ExitCode(.trouble)
            }
            selected += requests.filter { item in !selected.contains { $0.request.file == item.request.file } }
        }
        guard let collection, !selected.isEmpty else {
            StandardError.write("error: the selection has no request to send.")
            throw ExitCode(.trouble)
        }
        let chosen: (name: String?, problem: CollectionProblem?) = name == nil ? ConfigOptions.environment(for: collection, in: configFile) : (nil, nil)
        if let problem = chosen.problem { StandardError.write(problem.description) }
        let environment: EnvironmentSpec?
        do { environment = try RequestReference(collection: collection, located: selected[0]).environment(named: name ?? chosen.name) } catch {
            StandardError.write("error: \(error)")
            throw ExitCode(.trouble)
        }
        let plan: [PlannedRequest]
        do { plan = try DependencyPlanner(collection: collection).plan(selected) } catch {
            StandardError.write(error.description)
            throw ExitCode(.trouble)
        }
        if let socket = plan.first(where: { $0.located.request.isWebSocket }) {
            StandardError.write("error: \(socket.reference) is a WebSocket conversation; load sends HTTP requests.")
            throw ExitCode(.trouble)
        }
        return LoadTarget(name: references.joined(separator: " "), collection: collection, environment: environment?.overridingBaseURL(with: overrides),
                          plan: plan, overrides: overrides, extraHeaders: extraHeaders)
    }
}

extension LoadTarget {
    /// The test of the explorer's selected request as `resolver` has it (unsaved edits, the session's values and trust),
    /// with the requests it needs first.
    init(_ resolver: RequestResolver) throws(LoadPlanError) {
        guard var located = resolver.collection.allRequests.first(where: { $0.request.file == resolver.request.file }) else {
            throw LoadPlanError("the request is no longer in its collection; reload (Ctrl-R)")
        }
        located.request = resolver.request
        do { plan = try DependencyPlanner(collection: resolver.collection).plan([located]) } catch {
            throw LoadPlanError(error.description)
        }
        // The selected request as edited, not as its file has it.
        if let last = plan.indices.last { plan[last].located.request = resolver.request }
        name = resolver.reference
        collection = resolver.collection
        environment = resolver.environment
        overrides = resolver.overrides
        extraHeaders = resolver.extraHeaders
        inputs = resolver.inputs
    }
}
