import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Requests: method, URL and parameters, headers, body, authentication.
extension InsomniaReader {
    /// The request of a `request` resource, or nil (reported) when it has no usable URL.
    mutating func request(_ resource: Resource, name: String, label: String, depth: Int) throws(ImportError) -> RequestSpec? {
        let value = resource.value
        let path = resource.path
        let method = (try value.string("method", source, path) ?? "GET").uppercased()
        guard !method.isEmpty, method.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else {
            throw (value["method"] ?? value).error(source, LocatedJSONValue.path(path, "method"),
                                                   "'\(TerminalSafeText.sanitize(String(method.prefix(40))))' is not an HTTP method")
        }
        var spec = RequestSpec(name: name.isEmpty ? "Request" : name, slug: ImportSlug.make(name), method: method, url: "")
        var url = ImportURL.cleaned(InsomniaTemplate.convert(try value.string("url", source, path) ?? "", label: label, report: &report))
        // Insomnia sends a URL without a scheme over http, as browsers do.
        if !url.isEmpty, !url.contains("://"), !url.hasPrefix("{{"), !url.hasPrefix("/") { url = "http://" + url }
        (spec.url, spec.query) = ImportURL.splitQuery(url)
        spec.query += try keyValues(value["parameters"], path: LocatedJSONValue.path(path, "parameters"), label: label, headers: false)
        // `:id` path segments are path parameters: they become `{{id}}` with the value as a request variable.
        for entry in try keyValues(value["pathParameters"], path: LocatedJSONValue.path(path, "pathParameters"), label: label, headers: false) {
            guard VariableResolver.isValidName(entry.name) else {
                report.add(label, "path parameter ':\(TerminalSafeText.sanitize(String(entry.name.prefix(40))))' has a name apiexplorer cannot use; kept as written")
                continue
            }
            spec.url = spec.url.components(separatedBy: "/").map { $0 == ":" + entry.name ? "{{\(entry.name)}}" : $0 }.joined(separator: "/")
            spec.variables.append(Variable(name: entry.name, value: entry.value))
        }
        spec.description = try text(value["description"], path: LocatedJSONValue.path(path, "description"))
        spec.headers = try keyValues(value["headers"], path: LocatedJSONValue.path(path, "headers"), label: label, headers: true)
        spec.body = try body(value["body"], path: LocatedJSONValue.path(path, "body"), label: label, headers: &spec.headers, depth: depth)
        spec.auth = try auth(value["authentication"], path: LocatedJSONValue.path(path, "authentication"), label: label)
        // Insomnia's scripts use its `insomnia` object, which the script engine offers as another name for `pm`.
        for (key, phase, kind) in [("preRequestScript", ScriptPhase.before, "pre-request script"), ("afterResponseScript", .after, "after-response script")] {
            guard let script = try value.string(key, source, path), !script.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            spec.scripts[phase] = ScriptText(.inline(script))
            report.addScript(label, kind: kind, text: script, phase: phase)
        }
        switch try value.string("settingFollowRedirects", source, path) {
        case "on"?: spec.followRedirects = true
        case "off"?: spec.followRedirects = false
        default: break
        }
        guard !spec.url.isEmpty else {
            report.add(label, "the request has no URL; not imported")
            return nil
        }
        guard ImportURL.isLoadable(spec.url) else {
            report.add(label, "the URL '\(TerminalSafeText.sanitize(String(spec.url.prefix(80))))' has no host; not imported")
            return nil
        }
        return spec
    }

    /// `[{name, value, disabled}]` entries: headers, query parameters, form fields.
    mutating func keyValues(_ value: LocatedJSONValue?, path: String, label: String, headers: Bool) throws(ImportError) -> [KeyValue] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.items else { throw value.error(source, path, "expected an array of {name, value}, found \(value.kindName)") }
        var result: [KeyValue] = []
        for (index, item) in items.enumerated() {
            let entryPath = "\(path)[\(index)]"
            let entry = try item.requireObject(source, entryPath, what: "an object with 'name' and 'value'")
            let name = InsomniaTemplate.convert(try entry.string("name", source, entryPath) ?? "", label: label, report: &report)
            // Insomnia keeps an empty row at the end of every table for typing the next one.
            guard !name.isEmpty else { continue }
            if headers, !KeyValue.isValidHeaderName(name) {
                report.add(label, "header '\(TerminalSafeText.sanitize(String(name.prefix(40))))' is not a valid header name (no spaces or colons); not imported")
                continue
            }
            let text = InsomniaTemplate.convert(try entry.string("value", source, entryPath) ?? "", label: label, report: &report)
            result.append(KeyValue(name, text, enabled: !entry.flag("disabled")))
        }
        return result
    }

    /// The body by its `mimeType`: JSON, form, multipart, GraphQL, a file, or text.
    private mutating func body(_ value: LocatedJSONValue?, path: String, label: String, headers: inout [KeyValue], depth: Int) throws(ImportError) -> BodySpec {
        guard let value, !value.isNull else { return .none }
        let body = try value.requireObject(source, path, what: "a body (an object with 'mimeType' and 'text')")
        let mimeType = try body.string("mimeType", source, path) ?? ""
        let lower = mimeType.lowercased()
        let text = InsomniaTemplate.convert(try body.string("text", source, path) ?? "", label: label, report: &report)
        let fileName = try body.string("fileName", source, path) ?? ""
        let contentType = headers.last { $0.enabled && $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
        switch lower {
        case "application/x-www-form-urlencoded":
            return .form(try keyValues(body["params"], path: LocatedJSONValue.path(path, "params"), label: label, headers: false))
        case "multipart/form-data":
            var fields: [MultipartField] = []
            for (index, item) in try body.array("params", source, path).enumerated() {
                let entryPath = "\(LocatedJSONValue.path(path, "params"))[\(index)]"
                let entry = try item.requireObject(source, entryPath, what: "an object with 'name' and 'value'")
                let name = InsomniaTemplate.convert(try entry.string("name", source, entryPath) ?? "", label: label, report: &report)
                guard !name.isEmpty else { continue }
                let enabled = !entry.flag("disabled")
                let type = try entry.string("type", source, entryPath)
                if type == "file" {
                    guard let file = try entry.string("fileName", source, entryPath), !file.isEmpty else {
                        report.add(label, "form file field '\(name)' names no file; not imported")
                        continue
                    }
                    fields.append(MultipartField(name: name, file: attach(file, depth: depth), enabled: enabled))
                } else {
                    let text = InsomniaTemplate.convert(try entry.string("value", source, entryPath) ?? "", label: label, report: &report)
                    fields.append(MultipartField(name: name, value: text, enabled: enabled))
                }
            }
            // Insomnia's Content-Type header has no boundary (it adds one when sending); the multipart body sets its own.
            headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame && !$0.value.lowercased().contains("boundary=") }
            return .multipart(fields)
        case "application/graphql":
            guard !text.isEmpty else { return .none }
            // Insomnia keeps the body as the JSON it sends; read back into a GraphQL body's query and variables.
            guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any], let query = object["query"] as? String else {
                report.add(label, "the GraphQL body is not {\"query\", \"variables\"} JSON; imported as a JSON body")
                if contentType == nil { headers.append(KeyValue("Content-Type", "application/json")) }
                return .json(text)
            }
            var variables = ""
            if let value = object["variables"], !((value as? [String: Any])?.isEmpty ?? false), !(value is NSNull),
               let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) {
                variables = String(decoding: data, as: UTF8.self)
            }
            let operation = (object["operationName"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            return .graphql(GraphQLBody(query: query, variables: variables, operationName: operation))
        default:
            if !fileName.isEmpty { return .file(path: attach(fileName, depth: depth), contentType: contentType == nil && !mimeType.isEmpty ? mimeType : nil) }
            guard !text.isEmpty else { return .none }
            if lower.contains("json") || (lower.isEmpty && contentType?.lowercased().contains("json") == true) { return .json(text) }
            return .text(text, contentType: contentType == nil && !mimeType.isEmpty ? mimeType : nil)
        }
    }

    /// Credentials from `authentication`; an empty object inherits, as a request without auth does in Insomnia.
    mutating func auth(_ value: LocatedJSONValue?, path: String, label: String) throws(ImportError) -> AuthSpec {
        guard let value, !value.isNull else { return .inherit }
        let auth = try value.requireObject(source, path, what: "an authentication object")
        guard let type = try auth.string("type", source, path)?.lowercased(), !type.isEmpty else { return .inherit }
        if auth.flag("disabled") { return .none }
        func field(_ key: String) throws(ImportError) -> String {
            InsomniaTemplate.convert(try auth.string(key, source, path) ?? "", label: label, report: &report)
        }
        switch type {
        case "none": return .none
        case "inherit": return .inherit
        case "basic":
            return .basic(username: try field("username"), password: try field("password"))
        case "bearer":
            let prefix = try field("prefix")
            if !prefix.isEmpty, prefix.caseInsensitiveCompare("Bearer") != .orderedSame {
                report.add(label, "bearer token prefix '\(TerminalSafeText.sanitize(String(prefix.prefix(40))))' imported as 'Bearer'; add an Authorization header by hand to keep it")
            }
            return .bearer(token: try field("token"))
        case "apikey":
            let addTo = try auth.string("addTo", source, path) ?? "header"
            if addTo == "cookie" {
                report.add(label, "an API key sent as a cookie is not supported; imported without credentials (auth: none). Add a Cookie header by hand")
                return .none
            }
            return .apiKey(name: try field("key"), value: try field("value"), inQuery: addTo == "queryParams")
        case "digest":
            return .digest(username: try field("username"), password: try field("password"))
        case "iam":
            let region = try field("region")
            var service = try field("service")
            if service.isEmpty {
                report.add(label, "AWS credentials name no service; imported as execute-api (API Gateway), change service: if it is another")
                service = "execute-api"
            }
            return .aws(accessKey: try field("accessKeyId"), secretKey: try field("secretAccessKey"), sessionToken: try field("sessionToken"),
                        region: region.isEmpty ? "us-east-1" : region, service: service)
        case "oauth2":
            let tokenURL = try field("accessTokenUrl")
            guard !tokenURL.isEmpty, let grant = InsomniaReader.oauthGrants[try auth.string("grantType", source, path) ?? ""] else {
                report.add(label, "'oauth2' authentication is not supported without a token URL, or with the implicit grant; imported without credentials (auth: none). Add a bearer token or header by hand")
                return .none
            }
            let spec = OAuth2Spec(grant: grant, tokenURL: tokenURL, authorizationURL: try field("authorizationUrl"),
                                  clientId: try field("clientId"), clientSecret: try field("clientSecret"), scope: try field("scope"),
                                  audience: try field("audience"), username: try field("username"), password: try field("password"),
                                  refreshToken: try field("refreshToken"))
            // A request file the loader would refuse must not be written: the whole collection would fail to load.
            let missing = spec.missingRequiredKeys
            guard missing.isEmpty else {
                report.add(label, "the OAuth 2.0 \(grant.rawValue) grant lacks \(missing.joined(separator: ", ")); imported without credentials (auth: none). Add them in the Auth tab")
                return .none
            }
            return .oauth2(spec)
        default:
            report.add(label, "'\(TerminalSafeText.sanitize(String(type.prefix(40))))' authentication is not supported; imported without credentials (auth: none). Add a bearer token or header by hand")
            return .none
        }
    }

    /// Insomnia's OAuth 2.0 grants that have an equivalent (its implicit flow has none).
    static let oauthGrants: [String: OAuth2Grant] = ["client_credentials": .clientCredentials, "password": .password,
                                                     "authorization_code": .authorizationCode, "refresh_token": .refreshToken]

    /// The body file's path as the request file will see it, and an attachment for the writer to copy.
    private mutating func attach(_ file: String, depth: Int) -> String {
        String(repeating: "../", count: depth) + files.destination(of: file)
    }
}
