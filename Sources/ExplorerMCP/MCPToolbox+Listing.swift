import ExplorerChecks
import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

extension MCPToolbox {
    /// `list_requests`: every request of the collections (or of one) with its method, URL template and description,
    /// and each collection's environments.
    func listRequests(_ arguments: MCPArguments) throws(MCPToolFailure) -> String {
        let result = try loadCollections()
        var collections = result.collections
        if let name = try arguments.string("collection") { collections = [try collection(name, in: result)] }
        let listed: [[String: Any]] = collections.map { collection in
            let requests: [[String: Any]] = collection.allRequests.map { located in
                let request = located.request
                var entry: [String: Any] = ["reference": collection.reference(of: located), "name": request.name,
                                            "method": request.method, "url": request.url]
                if let description = request.description, !description.isEmpty { entry["description"] = description }
                return entry
            }
            let environments: [[String: Any]] = collection.environments.map { environment in
                ["name": environment.name, "baseURL": environment.baseURL, "default": environment.name == collection.defaultEnvironment?.name,
                 "protected": environment.isProtected]
            }
            var entry: [String: Any] = ["name": collection.name, "collection": collection.slug, "environments": environments, "requests": requests]
            if let description = collection.root.description, !description.isEmpty { entry["description"] = description }
            return entry
        }
        let problems = result.problems.filter { problem in
            collections.count == result.collections.count || collections.contains { $0.holds(file: problem.location.file) }
        }
        var object: [String: Any] = ["collections": listed]
        if !problems.isEmpty { object["problems"] = problems.map(\.description) }
        return MCPJSON.text(object, masker: SecretMasker(secrets: collections.flatMap(knownSecrets)))
    }

    /// `show_request`: the request's file as written, what it checks, captures and needs, and the request it would
    /// send as an `.http` preview (nothing read outside the collection, nothing run, secrets masked).
    func showRequest(_ arguments: MCPArguments) throws(MCPToolFailure) -> String {
        let reference = try arguments.requiredString("request", example: "Demo/users/get-user")
        let result = try loadCollections()
        let (collection, located) = try locate(reference, in: result)
        let environment = try self.environment(try arguments.string("environment"), of: collection)
        let resolver = self.resolver(collection, located, environment: environment, overrides: [])
        let request = located.request
        var object: [String: Any] = ["reference": collection.reference(of: located), "name": request.name, "method": request.method,
                                     "url": request.url, "file": request.file]
        if let description = request.description, !description.isEmpty { object["description"] = description }
        if let environment { object["environment"] = environment.name }
        if let data = FileManager.default.contents(atPath: request.file) {
            object["source"] = String(decoding: data.prefix(settings.bodyLimit), as: UTF8.self)
        }
        object["checks"] = resolver.checks.map(\.summary)
        object["captures"] = request.captures.map { ["name": $0.name, "secret": $0.secret] as [String: Any] }
        object["needs"] = request.needs.map(\.reference)
        let secrets = resolver.variableResolver.secretValues + knownSecrets(of: collection)
        do {
            let resolved = try resolver.resolve()
            object["preview"] = RequestExporter(showSecrets: false).export(resolved, as: .http)
            if environment?.usesBuiltInDemo == true {
                object["previewNote"] = "the environment uses the built-in demo API, started on a free port when a request is sent"
            }
        } catch {
            object["previewError"] = error.description
        }
        return MCPJSON.text(object, masker: SecretMasker(secrets: secrets))
    }
}
