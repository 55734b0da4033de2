import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Imports JetBrains HTTP Client and VS Code REST Client files (`.http`, `.rest`) and their
/// `http-client.env.json` / `http-client.private.env.json` environments.
///
/// Pure functions of the text: `< ./file` bodies are listed as attachments for the writer to copy. Errors give
/// `file:line`.
public enum HTTPFileImporter {
    /// HTTP methods recognised at the start of a request line; any other upper-case word followed by a URL is accepted too.
    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"]

    /// The requests of `text` as a collection named after `source`, with environments from the public and private
    /// environment files (private values become secrets).
    public static func importFile(_ text: String, source: String, environments: (data: Data, source: String)? = nil,
                                  privateEnvironments: (data: Data, source: String)? = nil) throws(ImportError) -> ImportResult {
        var parser = HTTPFileParser(source: source)
        let parsed = try parser.parse(text)
        let fileName = PathText.deletingExtension(PathText.lastComponent(source))
        let name = fileName.isEmpty ? "Imported" : fileName
        var report = parser.report
        let root = FolderSpec(name: name, slug: ImportSlug.make(name, fallback: "imported"), variables: parsed.variables, requests: parsed.requests)
        var collection = CollectionSpec(root: root, environments: [])
        var merged: [(name: String, variables: [Variable])] = []
        if let environments {
            merged = try environmentVariables(environments.data, source: environments.source, secret: false, report: &report)
        }
        if let privateEnvironments {
            let secrets = try environmentVariables(privateEnvironments.data, source: privateEnvironments.source, secret: true, report: &report)
            for secret in secrets {
                if let index = merged.firstIndex(where: { $0.name == secret.name }) {
                    for variable in secret.variables {
                        merged[index].variables.removeAll { $0.name == variable.name }
                        merged[index].variables.append(variable)
                    }
                } else {
                    merged.append(secret)
                }
            }
        }
        // `$shared` values apply to every environment unless the environment sets the same name.
        let shared = merged.first { $0.name == "$shared" }?.variables ?? []
        for entry in merged where entry.name != "$shared" {
            var variables = shared.filter { variable in !entry.variables.contains { $0.name == variable.name } }
            variables += entry.variables
            guard !collection.environments.contains(where: { $0.name.caseInsensitiveCompare(entry.name) == .orderedSame }) else {
                report.add(environments?.source ?? source, "environment '\(entry.name)' differs from another only in letter case; not imported")
                continue
            }
            collection.environments.append(EnvironmentSpec(name: entry.name, baseURL: ImportBaseURL.guess(variables, requests: parsed.requests),
                                                           variables: variables))
        }
        if collection.environments.isEmpty, !shared.isEmpty { collection.root.variables += shared }
        return ActiveTemplates.noted(ImportResult(collection: collection, attachments: parsed.attachments, report: report))
    }

    /// `{"env": {"name": "value"}}` (or VS Code's settings with `rest-client.environmentVariables`) as variables per environment.
    static func environmentVariables(_ data: Data, source: String, secret: Bool,
                                     report: inout ImportReport) throws(ImportError) -> [(name: String, variables: [Variable])] {
        var root = try LocatedJSONParser.parse(Array(data), source: source).requireObject(source, "", what: "an object of environments")
        if let vsCode = root["rest-client.environmentVariables"] {
            root = try vsCode.requireObject(source, "rest-client.environmentVariables", what: "an object of environments")
        }
        var result: [(name: String, variables: [Variable])] = []
        for member in root.members ?? [] {
            let environment = try member.value.requireObject(source, member.key, what: "an object of variable names and values")
            var variables: [Variable] = []
            for entry in environment.members ?? [] {
                let location = "\(source):\(entry.value.line)"
                guard let value = entry.value.text ?? (entry.value.isNull ? "" : nil) else {
                    report.add(location, "'\(member.key).\(entry.key)' is \(entry.value.kindName) (SSL or auth settings?); not imported")
                    continue
                }
                guard VariableResolver.isValidName(entry.key) else {
                    report.add(location, "variable '\(entry.key)' has a name apiexplorer cannot use (letters, digits, '_', '-', '.'); not imported")
                    continue
                }
                variables.removeAll { $0.name == entry.key }
                variables.append(Variable(name: entry.key, value: value, secret: secret))
            }
            result.append((member.key, variables))
        }
        return result
    }
}
