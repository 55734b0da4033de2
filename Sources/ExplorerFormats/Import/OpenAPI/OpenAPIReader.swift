import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Walks a parsed OpenAPI or Swagger description, building the collection and noting what cannot be converted.
package struct OpenAPIReader {
    /// The HTTP methods an OpenAPI path item holds, in the order requests are made from them.
    package static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The main file, for errors.
    package let source: String
    /// The whole document.
    package let document: OpenAPINode
    /// How `$ref`s are followed.
    package var references: OpenAPIReferences
    /// What could not be converted.
    package var report = ImportReport()
    /// True for Swagger 2.0, whose servers, parameters, bodies and schemes are spelled differently.
    package var isSwagger = false
    /// Credentials by security scheme name, made once.
    package var schemes: [String: OpenAPIAuth?] = [:]
    /// The variables credentials use (secret ones empty), added to every environment.
    package var secretVariables: [Variable] = []
    /// The schemas being sampled, outermost first, to stop at a schema that contains itself.
    package var sampling: [String] = []
    /// The places whose references were already checked, so each is walked once.
    package var checkedPlaces: Set<String> = []
    /// Each request's `operationId` by `METHOD url`.
    package var operationIds: [String: String] = [:]
    /// True while sampling response bodies, which hold read-only properties and leave out write-only ones.
    package var samplesResponses = false

    package init(root: LocatedJSONValue, source: String, readFile: @escaping OpenAPIReferences.FileReader) {
        self.source = source
        document = OpenAPINode(value: root, file: source, pointer: "")
        references = OpenAPIReferences(root: root, rootFile: source, readFile: readFile)
    }

    /// The whole description as a collection.
    package mutating func collection() throws(ImportError) -> CollectionSpec {
        let root = document.value
        guard root.members != nil else { throw root.error(source, "", "expected an OpenAPI description (an object with 'openapi' or 'swagger'), found \(root.kindName)") }
        if let swagger = root["swagger"] {
            guard swagger.text?.hasPrefix("2.") == true else {
                throw swagger.error(source, "swagger", "Swagger \(TerminalSafeText.sanitize(String((swagger.text ?? swagger.kindName).prefix(20)))) is not supported; expected 2.0, or an OpenAPI 3.0 or 3.1 description")
            }
            isSwagger = true
        } else if let openapi = root["openapi"] {
            guard let version = openapi.text, version.hasPrefix("3.") else {
                throw openapi.error(source, "openapi", "OpenAPI \(TerminalSafeText.sanitize(String((openapi.text ?? openapi.kindName).prefix(20)))) is not supported; expected 3.0.x or 3.1.x (or swagger: \"2.0\")")
            }
            if !version.hasPrefix("3.0"), !version.hasPrefix("3.1") { report.add("#/openapi", "OpenAPI \(TerminalSafeText.sanitize(String(version.prefix(20)))) read as 3.1") }
        } else {
            throw root.error(source, "", "missing 'openapi' (3.0, 3.1) or 'swagger' (2.0); this is not an OpenAPI description")
        }
        let info = document["info"]
        let fileName = PathText.deletingExtension(PathText.lastComponent(source))
        let name = nonEmpty(info?["title"]?.text) ?? (fileName.isEmpty || source == "stdin" ? "OpenAPI" : fileName)
        var folder = FolderSpec(name: name, slug: ImportSlug.make(name, fallback: "openapi"))
        folder.description = nonEmpty(info?["description"]?.text)
        var environments = servers()
        if let notes = serverVariableNotes(), !notes.isEmpty {
            folder.description = ([folder.description].compactMap { $0 } + [notes]).joined(separator: "\n\n")
        }
        var rootAuth = OpenAPIAuth(auth: .inherit)
        if let security = document["security"] {
            rootAuth = auth(for: security, place: references.place(security))
            folder.auth = rootAuth.auth
            folder.headers = rootAuth.headers
        }
        var tagFolders = declaredTags()
        for (path, item) in document["paths"]?.members ?? [] {
            guard let item = references.resolve(item, report: &report) else { continue }
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                guard operation.value.members != nil else {
                    report.add(references.place(operation), "expected an operation (an object), found \(operation.value.kindName); not imported")
                    continue
                }
                let request = self.request(method: method, path: path, item: item, operation: operation, rootAuth: rootAuth)
                checkReferences(item: item, operation: operation)
                if let id = nonEmpty(operation["operationId"]?.text) { operationIds[OpenAPISyncState.key(request)] = id }
                let tag = operation["tags"]?.items.first?.text
                if let tag, !tag.isEmpty {
                    if let index = tagFolders.firstIndex(where: { $0.name == tag }) {
                        tagFolders[index].requests.append(request)
                    } else {
                        var sub = FolderSpec(name: tag, slug: ImportSlug.make(tag, fallback: "folder"))
                        sub.requests = [request]
                        tagFolders.append(sub)
                    }
                } else {
                    folder.requests.append(request)
                }
            }
        }
        if document["paths"] == nil { report.add("#/paths", "the description has no paths, so no requests") }
        folder.folders = tagFolders.filter { !$0.requests.isEmpty }
        for index in environments.indices { environments[index].variables += secretVariables }
        return CollectionSpec(root: folder, environments: environments)
    }

    /// The top-level `tags` as empty folders, in the order declared, with their descriptions.
    private func declaredTags() -> [FolderSpec] {
        var folders: [FolderSpec] = []
        for tag in document["tags"]?.items ?? [] {
            guard let name = nonEmpty(tag["name"]?.text), !folders.contains(where: { $0.name == name }) else { continue }
            folders.append(FolderSpec(name: name, slug: ImportSlug.make(name, fallback: "folder"), description: nonEmpty(tag["description"]?.text)))
        }
        return folders
    }

    /// `text` unless empty or absent.
    package func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
