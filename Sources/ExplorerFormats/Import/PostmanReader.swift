import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Walks a parsed Postman collection, building the model and noting what cannot be converted.
struct PostmanReader {
    /// The collection file, for errors.
    let source: String
    /// What could not be converted.
    var report = ImportReport()
    /// Files that formdata and file bodies name.
    var files = ImportAttachmentList()
    /// The attachments so far.
    var attachments: [ImportAttachment] { files.items }

    init(source: String) { self.source = source }

    /// The whole collection.
    mutating func collection(_ root: LocatedJSONValue) throws(ImportError) -> CollectionSpec {
        _ = try root.requireObject(source, "", what: "a Postman collection (an object with 'info' and 'item')")
        if root["values"] != nil, root["item"] == nil {
            throw root.error(source, "", "this is a Postman environment, not a collection; pass it with --environment")
        }
        if root["__export_format"] != nil || root["resources"] != nil, root["item"] == nil {
            throw root.error(source, "", "this is an Insomnia export, not a Postman collection; import it with `apiexplorer import insomnia`")
        }
        if root["log"] != nil, root["item"] == nil {
            throw root.error(source, "", "this is a HAR file, not a Postman collection; import it with `apiexplorer import har`")
        }
        if root["requests"] != nil || root["order"] != nil, root["item"] == nil {
            throw root.error(source, "", "this is a Postman Collection v1 export; export it again from Postman as Collection v2.1")
        }
        guard let infoValue = root["info"] else {
            throw root.error(source, "", "missing 'info'; expected a Postman Collection v2.0 or v2.1 export")
        }
        let info = try infoValue.requireObject(source, "info")
        if let schema = try info.string("schema", source, "info"), !schema.contains("v2.0") && !schema.contains("v2.1") {
            report.add("(collection)", "schema '\(schema)' is not Postman Collection v2.0 or v2.1; imported as v2.1")
        }
        guard root["item"] != nil else { throw root.error(source, "", "missing 'item'; expected the collection's requests") }
        let name = try info.string("name", source, "info") ?? "Imported"
        var folder = FolderSpec(name: name, slug: ImportSlug.make(name, fallback: "imported"),
                                description: try description(info["description"], LocatedJSONValue.path("info", "description")))
        folder.auth = try auth(root["auth"], path: "auth", item: "(collection)")
        folder.variables = try variables(root, path: "", item: "(collection)")
        folder.scripts = try events(root, path: "", item: "(collection)").scripts
        try items(root, path: "", names: [], depth: 0, into: &folder)
        return CollectionSpec(root: folder, environments: [])
    }

    /// Reads `container.item` into `folder`'s sub-folders and requests.
    private mutating func items(_ container: LocatedJSONValue, path: String, names: [String], depth: Int, into folder: inout FolderSpec) throws(ImportError) {
        for (index, value) in try container.array("item", source, path).enumerated() {
            let itemPath = "\(LocatedJSONValue.path(path, "item"))[\(index)]"
            let item = try value.requireObject(source, itemPath, what: "a request or folder (an object)")
            let name = try item.string("name", source, itemPath) ?? (item["item"] != nil ? "Folder" : "Request")
            let label = (names + [name]).joined(separator: "/")
            if item["item"] != nil {
                var sub = FolderSpec(name: name, slug: ImportSlug.make(name, fallback: "folder"),
                                     description: try description(item["description"], LocatedJSONValue.path(itemPath, "description")))
                sub.auth = try auth(item["auth"], path: LocatedJSONValue.path(itemPath, "auth"), item: label)
                sub.variables = try variables(item, path: itemPath, item: label)
                sub.scripts = try events(item, path: itemPath, item: label).scripts
                guard depth < 31 else {
                    report.add(label, "folders nested more than 32 deep are not imported")
                    continue
                }
                try items(item, path: itemPath, names: names + [name], depth: depth + 1, into: &sub)
                folder.folders.append(sub)
            } else if let request = try request(item, path: itemPath, name: name, label: label, depth: depth) {
                folder.requests.append(request)
            }
        }
    }

    /// A `description`: a string or `{"content": …}`.
    func description(_ value: LocatedJSONValue?, _ path: String) throws(ImportError) -> String? {
        guard let value, !value.isNull else { return nil }
        let text: String?
        if value.members != nil { text = try value.string("content", source, path) } else if let plain = value.text { text = plain } else {
            throw value.error(source, path, "expected a string or an object with 'content', found \(value.kindName)")
        }
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Collection, folder or request variables from `variable`.
    mutating func variables(_ container: LocatedJSONValue, path: String, item: String) throws(ImportError) -> [Variable] {
        var result: [Variable] = []
        for (index, value) in try container.array("variable", source, path).enumerated() {
            let entryPath = "\(LocatedJSONValue.path(path, "variable"))[\(index)]"
            let entry = try value.requireObject(source, entryPath)
            let id = try entry.string("id", source, entryPath)
            guard let key = try entry.string("key", source, entryPath) ?? id, !key.isEmpty else {
                throw entry.error(source, entryPath, "missing 'key'; each variable needs a name")
            }
            if entry.flag("disabled") {
                report.add(item, "variable '\(key)' is disabled in Postman; not imported")
                continue
            }
            guard VariableResolver.isValidName(key) else {
                report.add(item, "variable '\(key)' has a name apiexplorer cannot use (letters, digits, '_', '-', '.'); not imported")
                continue
            }
            var text = ""
            if let raw = entry["value"], !raw.isNull {
                guard let plain = raw.text else {
                    report.add(item, "variable '\(key)' holds \(raw.kindName); imported as an empty value")
                    result.append(Variable(name: key, value: ""))
                    continue
                }
                text = plain
            }
            result.append(Variable(name: key, value: text, secret: try entry.string("type", source, entryPath) == "secret"))
        }
        return result
    }

    /// The item's (or folder's, or collection's) scripts: a pre-request script becomes `scripts.before` and a test
    /// script `scripts.after`, as written. With `convertsTests`, a request's test script that is wholly of the common
    /// simple shapes becomes checks and captures instead, which the Checks tab can edit. A script that calls what
    /// apiexplorer's scripts do not have is imported and reported.
    mutating func events(_ container: LocatedJSONValue, path: String, item: String,
                         convertsTests: Bool = false) throws(ImportError) -> (converted: PostmanScriptConverter.Result, scripts: ScriptsSpec) {
        var converted = PostmanScriptConverter.Result()
        var scripts = ScriptsSpec()
        for (index, value) in try container.array("event", source, path).enumerated() {
            let eventPath = "\(LocatedJSONValue.path(path, "event"))[\(index)]"
            let event = try value.requireObject(source, eventPath)
            let listen = try event.string("listen", source, eventPath) ?? "script"
            guard !event.flag("disabled"), let text = script(event), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            let lines = ImportReport.lineCount(text)
            let kind = listen == "prerequest" ? "pre-request script" : listen == "test" ? "test script" : "'\(listen)' script"
            let phase: ScriptPhase
            switch listen {
            case "prerequest": phase = .before
            case "test": phase = .after
            default:
                report.add(item, "\(kind) (\(lines) line\(lines == 1 ? "" : "s")) not imported: only pre-request and test scripts run")
                continue
            }
            if phase == .after, convertsTests {
                let result = PostmanScriptConverter.convert(text)
                let made = result.checks.count + result.captures.count
                if made > 0, result.leftover.isEmpty {
                    converted.checks += result.checks
                    converted.captures += result.captures
                    report.add(item, "test script: \(result.checks.count) check\(result.checks.count == 1 ? "" : "s") and \(result.captures.count) capture\(result.captures.count == 1 ? "" : "s") converted")
                    continue
                }
            }
            let joined = scripts[phase].flatMap { if case let .inline(earlier) = $0.body { earlier + "\n" } else { nil } } ?? ""
            scripts[phase] = ScriptText(.inline(joined + text))
            report.addScript(item, kind: kind, text: text, phase: phase)
            for call in PostmanReader.unsupportedCalls where text.contains(call.pattern) {
                report.add(item, "\(kind) calls \(call.name), which apiexplorer's scripts do not have: it fails when it gets there")
            }
        }
        return (converted, scripts)
    }

    /// Calls of Postman's sandbox apiexplorer's scripts do not have, as a script spells them.
    static let unsupportedCalls: [(name: String, pattern: String)] = [
        ("pm.sendRequest", "pm.sendRequest"), ("require()", "require("), ("pm.visualizer", "pm.visualizer"),
        ("postman.setNextRequest", "postman.setNextRequest"), ("pm.execution.setNextRequest", "pm.execution.setNextRequest"),
        ("pm.cookies", "pm.cookies"), ("pm.iterationData", "pm.iterationData"),
    ]

    /// The text of an event's script (`exec` as lines or one string).
    private func script(_ event: LocatedJSONValue) -> String? {
        guard let exec = event["script"]?["exec"] else { return nil }
        if let items = exec.items { return items.compactMap(\.text).joined(separator: "\n") }
        return exec.text
    }

    /// Credentials from an `auth` object, in v2.1 (`[{key, value}]`) or v2.0 (`{key: value}`) form; nil or absent inherits.
    mutating func auth(_ value: LocatedJSONValue?, path: String, item: String) throws(ImportError) -> AuthSpec {
        guard let value, !value.isNull else { return .inherit }
        let auth = try value.requireObject(source, path)
        guard let type = try auth.string("type", source, path)?.lowercased() else { return .inherit }
        func parameters() throws(ImportError) -> [String: String] {
            guard let block = auth[type], !block.isNull else { return [:] }
            var result: [String: String] = [:]
            if let items = block.items {
                for (index, entry) in items.enumerated() {
                    let entryPath = "\(LocatedJSONValue.path(path, type))[\(index)]"
                    _ = try entry.requireObject(source, entryPath)
                    if let key = try entry.string("key", source, entryPath) { result[key] = entry["value"]?.text ?? "" }
                }
            } else if let members = block.members {
                for member in members { result[member.key] = member.value.text ?? "" }
            } else {
                throw block.error(source, LocatedJSONValue.path(path, type), "expected an array of {key, value} or an object, found \(block.kindName)")
            }
            return result
        }
        func mapped(_ text: String?) -> String { DynamicVariables.rewrite(text ?? "", path: item, report: &report) }
        switch type {
        case "noauth": return .none
        case "basic":
            let values = try parameters()
            return .basic(username: mapped(values["username"]), password: mapped(values["password"]))
        case "bearer":
            return .bearer(token: mapped(try parameters()["token"]))
        case "apikey":
            let values = try parameters()
            return .apiKey(name: mapped(values["key"]), value: mapped(values["value"]), inQuery: values["in"]?.lowercased() == "query")
        case "digest":
            // Postman also stores the realm, nonce and algorithm it last saw; the server's challenge gives those.
            let values = try parameters()
            return .digest(username: mapped(values["username"]), password: mapped(values["password"]))
        case "awsv4":
            // An empty region is us-east-1 to Postman too.
            let values = try parameters()
            let region = mapped(values["region"])
            return .aws(accessKey: mapped(values["accessKey"]), secretKey: mapped(values["secretKey"]),
                        sessionToken: mapped(values["sessionToken"]), region: region.isEmpty ? "us-east-1" : region,
                        service: mapped(values["service"]))
        case "oauth2" where !(try parameters()["accessTokenUrl"] ?? "").isEmpty:
            let values = try parameters()
            let grants: [String: OAuth2Grant] = ["client_credentials": .clientCredentials, "password_credentials": .password,
                                                 "authorization_code": .authorizationCode, "authorization_code_with_pkce": .authorizationCode]
            // Postman's default grant is the authorization code; the implicit flow has no equivalent (and no future).
            guard let grant = grants[values["grant_type"] ?? "authorization_code"] else {
                report.add(item, "the OAuth 2.0 \(values["grant_type"] ?? "") grant is not supported; imported without credentials (auth: none). Add a bearer token or header by hand")
                return .none
            }
            let spec = OAuth2Spec(grant: grant, tokenURL: mapped(values["accessTokenUrl"]), authorizationURL: mapped(values["authUrl"]),
                                  clientId: mapped(values["clientId"]), clientSecret: mapped(values["clientSecret"]),
                                  scope: mapped(values["scope"]), username: mapped(values["username"]), password: mapped(values["password"]),
                                  clientAuth: values["client_authentication"] == "body" ? .body : .basic)
            // A request file the loader would refuse must not be written: the whole collection would fail to load.
            let missing = spec.missingRequiredKeys
            guard missing.isEmpty else {
                report.add(item, "the OAuth 2.0 \(grant.rawValue) grant lacks \(missing.joined(separator: ", ")); imported without credentials (auth: none). Add them in the Auth tab")
                return .none
            }
            return .oauth2(spec)
        default:
            let kind = type.hasPrefix("oauth") ? "the \(type) flow" : "'\(type)' authentication"
            report.add(item, "\(kind) is not supported; imported without credentials (auth: none). Add a bearer token or header by hand")
            return .none
        }
    }
}
