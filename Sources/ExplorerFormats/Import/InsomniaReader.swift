import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Walks the resources of a parsed Insomnia v4 export, building the collection and noting what cannot be converted.
struct InsomniaReader {
    /// One entry of `resources`: its value, its JSON path, and the keys that place it.
    typealias Resource = (value: LocatedJSONValue, path: String, id: String, type: String, parent: String)

    /// The export file, for errors.
    let source: String
    /// What could not be converted.
    var report = ImportReport()
    /// Files that multipart and file bodies name.
    var files = ImportAttachmentList()
    /// The attachments so far.
    var attachments: [ImportAttachment] { files.items }
    /// Resources by parent id, in file order.
    private var children: [String: [Resource]] = [:]
    /// The ids of the requests read so far, wherever they went (or were left out, reported).
    private var placed: Set<String> = []

    init(source: String) { self.source = source }

    /// The whole export as a collection.
    mutating func collection(_ root: LocatedJSONValue) throws(ImportError) -> CollectionSpec {
        _ = try root.requireObject(source, "", what: "an Insomnia export (an object with '_type': 'export' and 'resources')")
        if root["log"] != nil { throw root.error(source, "", "this is a HAR file, not an Insomnia export; import it with `apiexplorer import har`") }
        if root["item"] != nil, root["info"] != nil {
            throw root.error(source, "", "this is a Postman collection, not an Insomnia export; import it with `apiexplorer import postman`")
        }
        guard root["resources"] != nil else {
            throw root.error(source, "", "missing 'resources'; expected an Insomnia v4 export (Application → Export Data → Insomnia v4 JSON)")
        }
        if let format = root["__export_format"]?.text, format != "4" {
            report.add("__export_format", "export format \(TerminalSafeText.sanitize(String(format.prefix(10)))) is not 4; read as v4")
        }
        var resources: [Resource] = []
        var paths: [String: String] = [:]
        for (index, value) in try root.array("resources", source, "").enumerated() {
            let path = "resources[\(index)]"
            let resource = try value.requireObject(source, path, what: "a resource (an object with '_id' and '_type')")
            guard let type = try resource.string("_type", source, path), !type.isEmpty else {
                throw resource.error(source, path, "missing '_type'; each resource says what it is (request, request_group, workspace, environment)")
            }
            guard let id = try resource.string("_id", source, path), !id.isEmpty else {
                throw resource.error(source, path, "missing '_id'; each resource needs the id its children name as their parentId")
            }
            let parent = try resource.string("parentId", source, path) ?? ""
            // Ids must be unique: two folders sharing one would each hold the other's children, doubling at every level.
            if let first = paths[id] {
                throw (resource["_id"] ?? resource).error(source, LocatedJSONValue.path(path, "_id"), "'\(TerminalSafeText.sanitize(String(id.prefix(60))))' is also the _id of \(first); each resource needs its own")
            }
            paths[id] = path
            resources.append((resource, path, id, type, parent))
        }
        for resource in resources { children[resource.parent, default: []].append(resource) }
        let workspaces = resources.filter { $0.type == "workspace" }
        let containers = Set(resources.filter { $0.type == "workspace" || $0.type == "request_group" }.map(\.id))
        let fileName = PathText.deletingExtension(PathText.lastComponent(source))
        let name: String
        if workspaces.count == 1, let workspace = workspaces.first {
            name = try workspace.value.string("name", source, workspace.path) ?? "Insomnia"
        } else {
            name = fileName.isEmpty || source == "stdin" ? "Insomnia" : fileName
        }
        var folder = FolderSpec(name: name, slug: ImportSlug.make(name, fallback: "insomnia"))
        var environments: [EnvironmentSpec] = []
        if workspaces.count == 1, let workspace = workspaces.first {
            folder.description = try text(workspace.value["description"], path: LocatedJSONValue.path(workspace.path, "description"))
            try fill(&folder, parent: workspace.id, names: [], depth: 0)
            try readEnvironments(of: workspace, into: &folder, environments: &environments)
        } else {
            for workspace in workspaces {
                let workspaceName = try workspace.value.string("name", source, workspace.path) ?? "Workspace"
                var sub = FolderSpec(name: workspaceName, slug: ImportSlug.make(workspaceName, fallback: "workspace"),
                                     description: try text(workspace.value["description"], path: LocatedJSONValue.path(workspace.path, "description")))
                try fill(&sub, parent: workspace.id, names: [workspaceName], depth: 1)
                try readEnvironments(of: workspace, into: &sub, environments: &environments)
                folder.folders.append(sub)
            }
        }
        // Requests and folders whose parent is not in the file (an export of part of a workspace) go at the top.
        let orphans = resources.filter { ["request", "request_group", "grpc_request", "websocket_request"].contains($0.type) && !containers.contains($0.parent) }
        try add(orphans, to: &folder, names: [], depth: 0)
        // A request under folders that never reach a workspace (their parents form a loop) was not placed anywhere.
        for resource in resources where resource.type == "request" && !placed.contains(resource.id) {
            let name = TerminalSafeText.sanitize(String((resource.value["name"]?.text ?? resource.id).prefix(60)))
            report.add(resource.path, "request '\(name)' is in no workspace (its folders' parentIds form a loop); not imported")
        }
        reportOthers(resources)
        return CollectionSpec(root: folder, environments: environments)
    }

    /// Adds the children of `parent` (sorted as Insomnia shows them) to `folder`.
    private mutating func fill(_ folder: inout FolderSpec, parent: String, names: [String], depth: Int) throws(ImportError) {
        try add(children[parent] ?? [], to: &folder, names: names, depth: depth)
    }

    /// Adds folders and requests among `resources` to `folder`, in Insomnia's order (`metaSortKey`, then file order).
    private mutating func add(_ resources: [Resource], to folder: inout FolderSpec, names: [String], depth: Int) throws(ImportError) {
        let sorted = resources.enumerated().sorted { left, right in
            let a = Double(left.element.value["metaSortKey"]?.text ?? "") ?? 0
            let b = Double(right.element.value["metaSortKey"]?.text ?? "") ?? 0
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        for resource in sorted {
            let value = resource.value
            let itemName = try value.string("name", source, resource.path) ?? (resource.type == "request_group" ? "Folder" : "Request")
            let label = (names + [itemName]).joined(separator: "/")
            switch resource.type {
            case "request_group":
                var sub = FolderSpec(name: itemName, slug: ImportSlug.make(itemName, fallback: "folder"),
                                     description: try text(value["description"], path: LocatedJSONValue.path(resource.path, "description")))
                sub.variables = try variables(value["environment"], path: LocatedJSONValue.path(resource.path, "environment"), label: label, secret: false)
                sub.headers = try keyValues(value["headers"], path: LocatedJSONValue.path(resource.path, "headers"), label: label, headers: true)
                sub.auth = try auth(value["authentication"], path: LocatedJSONValue.path(resource.path, "authentication"), label: label)
                guard depth < 31 else {
                    report.add(label, "folders nested more than 32 deep are not imported")
                    continue
                }
                try fill(&sub, parent: resource.id, names: names + [itemName], depth: depth + 1)
                folder.folders.append(sub)
            case "request":
                placed.insert(resource.id)
                if let spec = try request(resource, name: itemName, label: label, depth: depth) { folder.requests.append(spec) }
            case "grpc_request":
                report.add(label, "gRPC requests are not supported; not imported")
            case "websocket_request":
                report.add(label, "Insomnia WebSocket requests are not imported; add them by hand (url: ws://…)")
            default:
                continue
            }
        }
    }

    /// The base environment of `workspace` as `folder`'s variables, and its sub-environments as environments.
    private mutating func readEnvironments(of workspace: Resource, into folder: inout FolderSpec, environments: inout [EnvironmentSpec]) throws(ImportError) {
        for base in (children[workspace.id] ?? []) where base.type == "environment" {
            let baseName = try base.value.string("name", source, base.path) ?? "Base Environment"
            let secret = base.value.flag("isPrivate")
            let baseVariables = try variables(base.value["data"], path: LocatedJSONValue.path(base.path, "data"), label: "\(baseName) (environment)", secret: secret)
            for variable in baseVariables {
                folder.variables.removeAll { $0.name == variable.name }
                folder.variables.append(variable)
            }
            for sub in (children[base.id] ?? []) where sub.type == "environment" {
                let subName = try sub.value.string("name", source, sub.path) ?? "Environment"
                let values = try variables(sub.value["data"], path: LocatedJSONValue.path(sub.path, "data"), label: "\(subName) (environment)",
                                           secret: sub.value.flag("isPrivate"))
                var name = subName
                var counter = 2
                while environments.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                    name = "\(subName) \(counter)"
                    counter += 1
                }
                let visible = folder.variables.filter { variable in !values.contains { $0.name == variable.name } } + values
                let requests = CollectionSpec(root: folder, environments: []).allRequests.map(\.request)
                environments.append(EnvironmentSpec(name: name, baseURL: ImportBaseURL.guess(visible, requests: requests), variables: values))
            }
        }
    }

    /// Notes the resources that carry something apiexplorer does not import: cookies, API specs, unit tests, protos, mocks.
    private mutating func reportOthers(_ resources: [Resource]) {
        var tests = 0
        for resource in resources {
            let name = resource.value["name"]?.text ?? resource.value["fileName"]?.text ?? resource.id
            switch resource.type {
            case "workspace", "request_group", "request", "environment", "grpc_request", "websocket_request", "websocket_payload":
                continue
            case "cookie_jar":
                let count = resource.value["cookies"]?.items?.count ?? 0
                if count > 0 { report.add(resource.path, "\(count) cookie\(count == 1 ? "" : "s") in '\(name)' not imported; apiexplorer keeps cookies per run") }
            case "api_spec":
                if resource.value["contents"]?.text?.isEmpty == false { report.add(resource.path, "the API spec '\(name)' is not imported") }
            case "unit_test": tests += 1
            case "unit_test_suite": continue
            default:
                report.add(resource.path, "'\(TerminalSafeText.sanitize(String(resource.type.prefix(40))))' resources are not supported; '\(TerminalSafeText.sanitize(String(name.prefix(60))))' not imported")
            }
        }
        if tests > 0 { report.add("resources", "\(tests) unit test\(tests == 1 ? "" : "s") not imported; write them as checks") }
    }

    /// A description: a non-empty string, else nil.
    func text(_ value: LocatedJSONValue?, path: String) throws(ImportError) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.text else { throw value.error(source, path, "expected a string, found \(value.kindName)") }
        return text.isEmpty ? nil : text
    }

    /// Environment data (`{"name": value}`, nested objects flattened to `outer.inner`) as variables.
    mutating func variables(_ value: LocatedJSONValue?, path: String, label: String, secret: Bool) throws(ImportError) -> [Variable] {
        guard let value, !value.isNull else { return [] }
        _ = try value.requireObject(source, path, what: "an object of variable names and values")
        var result: [Variable] = []
        func walk(_ object: LocatedJSONValue, prefix: String) {
            for member in object.members ?? [] {
                let name = prefix.isEmpty ? member.key : "\(prefix).\(member.key)"
                if member.value.members != nil {
                    walk(member.value, prefix: name)
                    continue
                }
                guard let text = member.value.text ?? (member.value.isNull ? "" : nil) else {
                    report.add(label, "variable '\(TerminalSafeText.sanitize(String(name.prefix(60))))' holds \(member.value.kindName); not imported")
                    continue
                }
                guard VariableResolver.isValidName(name) else {
                    report.add(label, "variable '\(TerminalSafeText.sanitize(String(name.prefix(60))))' has a name apiexplorer cannot use (letters, digits, '_', '-', '.'); not imported")
                    continue
                }
                result.removeAll { $0.name == name }
                result.append(Variable(name: name, value: InsomniaTemplate.convert(text, label: label, report: &report), secret: secret))
            }
        }
        walk(value, prefix: "")
        return result
    }
}
