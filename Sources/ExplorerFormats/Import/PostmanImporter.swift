import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Imports Postman Collection v2.0 and v2.1 exports, and Postman environment files, into a collection.
///
/// Pure functions of the bytes: nothing is read from disk. Errors give the file, the JSON path and the line.
public enum PostmanImporter {
    /// The collection in `data` (a Postman collection export) with the environments in `environments`; `source`
    /// names the collection file in errors and the report.
    public static func importCollection(_ data: Data, source: String,
                                        environments: [(data: Data, source: String)] = []) throws(ImportError) -> ImportResult {
        var reader = PostmanReader(source: source)
        let root = try LocatedJSONParser.parse(Array(data), source: source)
        var collection = try reader.collection(root)
        var names: Set<String> = []
        for file in environments {
            var environment = try importEnvironment(file.data, source: file.source, report: &reader.report)
            var name = environment.name
            var counter = 2
            while names.contains(name.lowercased()) { name = "\(environment.name) \(counter)"; counter += 1 }
            names.insert(name.lowercased())
            environment.name = name
            environment.baseURL = ImportBaseURL.guess(environment.variables, requests: collection.allRequests.map(\.request))
            collection.environments.append(environment)
        }
        return ActiveTemplates.noted(ImportResult(collection: collection, attachments: reader.attachments, report: reader.report))
    }

    /// One Postman environment file (`{"name": …, "values": [{"key", "value", "enabled", "type"}]}`); `secret` values
    /// become secret variables. The base URL is guessed from the variables.
    public static func importEnvironment(_ data: Data, source: String, report: inout ImportReport) throws(ImportError) -> EnvironmentSpec {
        let root = try LocatedJSONParser.parse(Array(data), source: source).requireObject(source, "", what: "a Postman environment (an object)")
        guard root["values"] != nil else {
            if root["item"] != nil {
                throw root.error(source, "", "this is a Postman collection, not an environment; pass it as the SOURCE and the environment with --environment")
            }
            throw root.error(source, "", "missing 'values'; expected a Postman environment export with a 'values' array")
        }
        let fileName = PathText.deletingExtension(PathText.lastComponent(source))
        let name = try root.string("name", source, "") ?? fileName
        var variables: [Variable] = []
        for (index, item) in try root.array("values", source, "").enumerated() {
            let path = "values[\(index)]"
            let entry = try item.requireObject(source, path)
            guard let key = try entry.string("key", source, path), !key.isEmpty else {
                throw entry.error(source, path, "missing 'key'; each environment value needs a name")
            }
            let where_ = "\(name) (environment)"
            if entry["enabled"].map({ $0.text == "false" }) == true {
                report.add(where_, "variable '\(key)' is disabled in Postman; not imported")
                continue
            }
            guard VariableResolver.isValidName(key) else {
                report.add(where_, "variable '\(key)' has a name apiexplorer cannot use (letters, digits, '_', '-', '.'); not imported")
                continue
            }
            let value = entry["value"].flatMap { $0.text } ?? ""
            let secret = try entry.string("type", source, path) == "secret"
            if let index = variables.firstIndex(where: { $0.name == key }) { variables.remove(at: index) }
            variables.append(Variable(name: key, value: value, secret: secret))
        }
        return EnvironmentSpec(name: name, baseURL: ImportBaseURL.guess(variables, requests: []), variables: variables)
    }
}
