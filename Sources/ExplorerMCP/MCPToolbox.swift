import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation
import MCP

/// Carries out the server's tool calls: finds the references in the collections (read anew for every call), decides
/// what may be sent (protected environments, `{{$command}}` and `{{$prompt}}` refused), has the host send it, and
/// answers JSON with every secret masked. A call that cannot be carried out is a tool error with the reason.
public struct MCPToolbox: Sendable {
    /// How the server was started.
    public let settings: MCPSettings
    /// Sends, runs and reads history for the server.
    public let host: any MCPHost

    /// A toolbox for `settings`, sending through `host`.
    public init(settings: MCPSettings, host: any MCPHost) {
        self.settings = settings
        self.host = host
    }

    /// The answer to calling tool `name` with `arguments`: JSON text, or a tool error saying why not.
    public func call(_ name: String, arguments: [String: Value]?) async -> CallTool.Result {
        do throws(MCPToolFailure) {
            let text: String
            switch name {
            case MCPToolCatalog.listRequests: text = try listRequests(MCPArguments(arguments, allowed: ["collection"]))
            case MCPToolCatalog.showRequest: text = try showRequest(MCPArguments(arguments, allowed: ["request", "environment"]))
            case MCPToolCatalog.sendRequest:
                text = try await sendRequest(MCPArguments(arguments, allowed: ["request", "environment", "variables"]))
            case MCPToolCatalog.run: text = try await run(MCPArguments(arguments, allowed: ["reference", "environment", "variables"]))
            case MCPToolCatalog.searchHistory:
                text = try await searchHistory(MCPArguments(arguments, allowed: ["text", "request", "status", "environment", "source", "limit"]))
            default:
                throw MCPToolFailure("unknown tool '\(name)'; the tools are: \(MCPToolCatalog.tools.map(\.name).joined(separator: ", "))")
            }
            return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], isError: false)
        } catch {
            return CallTool.Result(content: [.text(text: "error: " + error.message, annotations: nil, _meta: nil)], isError: true)
        }
    }

    // MARK: - Shared by the tools

    /// The collections as they are on disk now; a directory that cannot be read is a failure.
    func loadCollections() throws(MCPToolFailure) -> CollectionLoadResult {
        let store = CollectionStore(directory: settings.collectionsDirectory)
        let result = store.load()
        if result.collections.isEmpty, let problem = result.errors.first, problem.location.file == store.directory {
            throw MCPToolFailure("\(problem.description). Start the server with --collections DIR.")
        }
        return result
    }

    /// The collection `name` names, or a failure listing those there are.
    func collection(_ name: String, in result: CollectionLoadResult) throws(MCPToolFailure) -> CollectionSpec {
        guard let collection = result.collection(named: name) else {
            let names = result.collections.map(\.slug).joined(separator: ", ")
            throw MCPToolFailure("no collection '\(name)'. Collections: \(names.isEmpty ? "none" : names). list_requests shows them.")
        }
        return collection
    }

    /// The request `reference` names, or a failure saying what is near (or why its file did not load).
    func locate(_ reference: String, in result: CollectionLoadResult) throws(MCPToolFailure) -> (CollectionSpec, CollectionSpec.Located) {
        let parts = reference.split(separator: "/").map(String.init)
        guard parts.count >= 2 else {
            throw MCPToolFailure("'\(reference)' is not a request reference: give collection/folder/request, as list_requests shows it")
        }
        let collection = try self.collection(parts[0], in: result)
        guard let located = collection.locate(Array(parts.dropFirst())) else {
            let wanted = ([collection.directory] + parts.dropFirst()).joined(separator: "/")
            if let problem = result.errors.first(where: { PathText.deletingExtension($0.location.file) == wanted }) {
                throw MCPToolFailure("'\(reference)' could not be loaded: \(problem.description)")
            }
            let near = collection.allRequests.map { collection.reference(of: $0) }
                .filter { $0.lowercased().contains(parts.last?.lowercased() ?? "") }.prefix(5)
            throw MCPToolFailure("no request '\(reference)'." + (near.isEmpty ? " list_requests shows them." : " Did you mean: \(near.joined(separator: ", "))?"))
        }
        return (collection, located)
    }

    /// The environment `name` names, else the one the config file names for `collection`, else its default.
    func environment(_ name: String?, of collection: CollectionSpec) throws(MCPToolFailure) -> EnvironmentSpec? {
        if let name {
            guard let environment = collection.environment(named: name) else {
                let names = collection.environments.map(\.name).joined(separator: ", ")
                throw MCPToolFailure("collection '\(collection.name)' has no environment '\(name)'. Environments: \(names.isEmpty ? "none" : names).")
            }
            return environment
        }
        if let setting = settings.config?.environment(forCollection: collection.name, slug: collection.slug),
           let chosen = collection.environment(named: setting.value) {
            return chosen
        }
        return collection.defaultEnvironment
    }

    /// Refuses an environment marked `protected: true` unless the server was started with `--allow-protected`.
    func refuseProtected(_ environment: EnvironmentSpec?, of collection: CollectionSpec) throws(MCPToolFailure) {
        guard let environment, environment.isProtected, !settings.allowsProtected else { return }
        let others = collection.environments.filter { !$0.isProtected }.map(\.name)
        throw MCPToolFailure("environment '\(environment.name)' of collection '\(collection.name)' is protected (protected: true in its collection.yaml): "
            + "apiexplorer mcp does not send to it unless the server was started with --allow-protected."
            + (others.isEmpty ? "" : " Choose another with \"environment\": \(others.joined(separator: ", "))."))
    }

    /// A resolver for `located` in `environment`: values `run --save-captures` kept for the environment, then
    /// `overrides` on top, as `send` resolves with `--set`.
    func resolver(_ collection: CollectionSpec, _ located: CollectionSpec.Located, environment: EnvironmentSpec?,
                  overrides: [Variable]) -> RequestResolver {
        let captured = (try? CaptureStore.load(collectionDirectory: collection.directory).variables(environment: environment?.name)) ?? []
        return RequestResolver(collection: collection, folders: located.folders, request: located.request,
                               environment: environment?.overridingBaseURL(with: overrides), overrides: captured + overrides)
    }

    /// Refuses a request that would run `{{$command …}}` or ask `{{$prompt …}}`: the server runs no program and asks
    /// no one. Found by a preview, so nothing is run to find them; the failure names the variable that holds one.
    func refuseCommandsAndPrompts(_ resolver: RequestResolver) throws(MCPToolFailure) {
        let masker = SecretMasker(secrets: resolver.variableResolver.secretValues)
        if let command = resolver.outsideReads().first(where: { $0.kind == .command }) {
            let template = "{{$command \(command.value)}}"
            throw MCPToolFailure(masker.mask(refusal(resolver, template: template, marker: "$command", argument: command.value,
                                                     reason: "apiexplorer mcp never runs commands")))
        }
        if let prompt = resolver.unansweredPrompts().first {
            let template = "{{$prompt \(prompt.label)}}"
            throw MCPToolFailure(masker.mask(refusal(resolver, template: template, marker: "$prompt", argument: prompt.label,
                                                     reason: "apiexplorer mcp never asks questions")))
        }
    }

    /// The message refusing `template` in `resolver`'s request, naming the variable whose value holds it when one does.
    private func refusal(_ resolver: RequestResolver, template: String, marker: String, argument: String, reason: String) -> String {
        let scopes: [[Variable]] = [resolver.overrides, resolver.environment?.variables ?? [], resolver.request.variables]
            + resolver.folders.reversed().map(\.variables) + [resolver.collection.root.variables]
        let holder = scopes.joined().first { variable in
            !variable.isLiteral && TemplateScanner.names(in: variable.value).contains { TemplateScanner.argument(of: marker, in: $0) == argument }
        }
        guard let holder else {
            return "request \(resolver.reference) uses \(template), and \(reason). Send it with `apiexplorer send \(resolver.reference)` in a terminal."
        }
        return "request \(resolver.reference) needs variable '\(holder.name)', which is \(template), and \(reason). "
            + "Give its value in \"variables\": {\"\(holder.name)\": \"…\"}."
    }

    /// The secret values a collection's files hold (variables marked secret, `secrets.local.yaml`), read without
    /// running anything: for masking what is returned about it outside a send.
    func knownSecrets(of collection: CollectionSpec) -> [String] {
        var values: Set<String> = []
        for environment in [nil] + collection.environments.map(Optional.some) {
            var scopes = [VariableScope(origin: "collection", variables: collection.root.variables)]
            if let environment { scopes.insert(VariableScope(origin: "environment", variables: environment.variables), at: 0) }
            let resolver = VariableResolver(scopes: scopes, environmentName: environment?.name, context: "collection \(collection.slug)")
            values.formUnion(resolver.secretValues)
        }
        return Array(values)
    }
}
