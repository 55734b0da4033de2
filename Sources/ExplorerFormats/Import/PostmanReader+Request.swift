import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Requests: method, URL, headers, body, auth.
extension PostmanReader {
    /// The request of an item, or nil (reported) when it has no URL.
    mutating func request(_ item: LocatedJSONValue, path: String, name: String, label: String, depth: Int) throws(ImportError) -> RequestSpec? {
        // Postman's newer item types (`ws-raw-request`, `grpc-request`…) carry a `type`; v2.1 requests carry none.
        if let type = item["type"]?.stringValue, type != "http-request", type != "http" {
            return try typedItem(item, type: type, path: path, name: name, label: label)
        }
        let (tests, scripts) = try events(item, path: path, item: label, convertsTests: true)
        let responses = try item.array("response", source, path).count
        if responses > 0 {
            report.add(label, "\(responses) saved example response\(responses == 1 ? "" : "s") not imported")
        }
        guard let requestValue = item["request"], !requestValue.isNull else {
            throw item.error(source, path, "missing 'request'; an item needs either 'request' or 'item'")
        }
        let requestPath = LocatedJSONValue.path(path, "request")
        var spec = RequestSpec(name: name.isEmpty ? "Request" : name, slug: ImportSlug.make(name), url: "")
        if let text = requestValue.stringValue {
            // v2 allows the request to be just its URL.
            (spec.url, spec.query) = ImportURL.splitQuery(ImportURL.cleaned(mapped(text, label)))
        } else {
            let request = try requestValue.requireObject(source, requestPath, what: "a URL string or a request object")
            let method = (try request.string("method", source, requestPath) ?? "GET").uppercased()
            guard !method.isEmpty, method.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else {
                throw (request["method"] ?? request).error(source, LocatedJSONValue.path(requestPath, "method"), "'\(method)' is not an HTTP method")
            }
            spec.method = method
            if let url = request["url"], !url.isNull {
                try readURL(url, path: LocatedJSONValue.path(requestPath, "url"), label: label, into: &spec)
            }
            spec.description = try description(request["description"], LocatedJSONValue.path(requestPath, "description"))
            spec.headers = try headers(request["header"], path: LocatedJSONValue.path(requestPath, "header"), label: label)
            spec.body = try body(request["body"], path: LocatedJSONValue.path(requestPath, "body"), label: label, headers: spec.headers, depth: depth)
            spec.auth = try auth(request["auth"], path: LocatedJSONValue.path(requestPath, "auth"), item: label)
        }
        if let behaviour = item["protocolProfileBehavior"], behaviour["followRedirects"] != nil {
            spec.followRedirects = behaviour.flag("followRedirects")
        }
        if PostmanReader.isWebSocketURL(spec.url) {
            try webSocket(&spec, item: item, request: requestValue.members != nil ? requestValue : nil, path: path, label: label)
        }
        guard !spec.url.isEmpty else {
            report.add(label, "the request has no URL; not imported")
            return nil
        }
        guard ImportURL.isLoadable(spec.url) else {
            report.add(label, "the URL '\(TerminalSafeText.sanitize(String(spec.url.prefix(80))))' has no host; not imported")
            return nil
        }
        spec.scripts = scripts
        spec.checks = tests.checks
        spec.captures = tests.captures
        return spec
    }

    /// `{{$guid}}` and friends mapped to apiexplorer's built-ins.
    mutating func mapped(_ text: String, _ label: String) -> String {
        DynamicVariables.rewrite(text, path: label, report: &report)
    }

    /// A URL given as a string or as `{raw, protocol, host, port, path, query, variable}`.
    private mutating func readURL(_ value: LocatedJSONValue, path: String, label: String, into spec: inout RequestSpec) throws(ImportError) {
        if let text = value.stringValue {
            (spec.url, spec.query) = ImportURL.splitQuery(ImportURL.cleaned(mapped(text, label)))
            return
        }
        let url = try value.requireObject(source, path, what: "a string or an object with 'raw', 'host' and 'path'")
        var base: String
        if url["host"] != nil || url["path"] != nil {
            base = ""
            if let scheme = try url.string("protocol", source, path), !scheme.isEmpty { base = scheme + "://" }
            base += try joined(url["host"], separator: ".", path: LocatedJSONValue.path(path, "host"))
            if let port = try url.string("port", source, path), !port.isEmpty { base += ":" + port }
            let segments = try joined(url["path"], separator: "/", path: LocatedJSONValue.path(path, "path"))
            if !segments.isEmpty { base += segments.hasPrefix("/") ? segments : "/" + segments }
        } else {
            base = try url.string("raw", source, path) ?? ""
            if let hash = base.firstIndex(of: "#") { base = String(base[..<hash]) }
        }
        base = ImportURL.cleaned(mapped(base, label))
        if url["query"] != nil {
            if let mark = base.firstIndex(of: "?") { base = String(base[..<mark]) }
            spec.url = base
            spec.query = try keyValues(url["query"], path: LocatedJSONValue.path(path, "query"), label: label)
        } else {
            (spec.url, spec.query) = ImportURL.splitQuery(base)
        }
        // `:id` path segments are Postman path variables: they become `{{id}}` with the value as a request variable.
        for (index, entryValue) in try url.array("variable", source, path).enumerated() {
            let entryPath = "\(LocatedJSONValue.path(path, "variable"))[\(index)]"
            let entry = try entryValue.requireObject(source, entryPath)
            let id = try entry.string("id", source, entryPath)
            guard let key = try entry.string("key", source, entryPath) ?? id, !key.isEmpty else { continue }
            guard VariableResolver.isValidName(key) else {
                report.add(label, "path variable ':\(key)' has a name apiexplorer cannot use; kept as written")
                continue
            }
            spec.url = replacingPathVariable(key, in: spec.url)
            spec.variables.append(Variable(name: key, value: mapped(entryValue["value"]?.text ?? "", label)))
        }
    }

    /// `url` with every `/:key` segment written `/{{key}}`.
    private func replacingPathVariable(_ key: String, in url: String) -> String {
        var parts = url.components(separatedBy: "/")
        for index in parts.indices.dropFirst() where parts[index] == ":" + key {
            parts[index] = "{{\(key)}}"
        }
        return parts.joined(separator: "/")
    }

    /// A host or path: a string, or an array of strings (or `{value}` objects) joined by `separator`.
    private func joined(_ value: LocatedJSONValue?, separator: String, path: String) throws(ImportError) -> String {
        guard let value, !value.isNull else { return "" }
        if let text = value.text { return text }
        guard let items = value.items else { throw value.error(source, path, "expected a string or an array of strings, found \(value.kindName)") }
        var parts: [String] = []
        for (index, item) in items.enumerated() {
            if let text = item.text { parts.append(text) } else if let text = try item.string("value", source, "\(path)[\(index)]") {
                parts.append(text)
            } else {
                throw item.error(source, "\(path)[\(index)]", "expected a string, found \(item.kindName)")
            }
        }
        return parts.joined(separator: separator)
    }

    /// `[{key, value, disabled}]` entries.
    mutating func keyValues(_ value: LocatedJSONValue?, path: String, label: String) throws(ImportError) -> [KeyValue] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.items else { throw value.error(source, path, "expected an array of {key, value}, found \(value.kindName)") }
        var result: [KeyValue] = []
        for (index, item) in items.enumerated() {
            let entryPath = "\(path)[\(index)]"
            let entry = try item.requireObject(source, entryPath, what: "an object with 'key' and 'value'")
            guard let key = try entry.string("key", source, entryPath) else { continue }
            result.append(KeyValue(mapped(key, label), mapped(try entry.string("value", source, entryPath) ?? "", label), enabled: !entry.flag("disabled")))
        }
        return result
    }

    /// Headers: `[{key, value, disabled}]`, or v2.0's `"Name: value\n…"` text.
    mutating func headers(_ value: LocatedJSONValue?, path: String, label: String) throws(ImportError) -> [KeyValue] {
        var entries: [KeyValue]
        if let text = value?.text {
            entries = text.split(whereSeparator: \.isNewline).compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return KeyValue(line[..<colon].trimmingCharacters(in: .whitespaces), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
        } else {
            entries = try keyValues(value, path: path, label: label)
        }
        entries = entries.filter { entry in
            guard KeyValue.isValidHeaderName(entry.name) else {
                report.add(label, "header '\(entry.name)' is not a valid header name (no spaces or colons); not imported")
                return false
            }
            return true
        }
        return entries
    }

    /// The body in any of Postman's modes.
    private mutating func body(_ value: LocatedJSONValue?, path: String, label: String, headers: [KeyValue], depth: Int) throws(ImportError) -> BodySpec {
        guard let value, !value.isNull else { return .none }
        let body = try value.requireObject(source, path)
        guard let mode = try body.string("mode", source, path), !body.flag("disabled") else { return .none }
        let contentType = headers.last { $0.enabled && $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value.lowercased()
        switch mode {
        case "raw":
            let raw = mapped(try body.string("raw", source, path) ?? "", label)
            guard !raw.isEmpty else { return .none }
            let language = body["options"]?["raw"]?["language"]?.text?.lowercased()
            switch language {
            case "json": return .json(raw)
            case "xml": return .text(raw, contentType: contentType == nil ? "application/xml" : nil)
            case "html": return .text(raw, contentType: contentType == nil ? "text/html" : nil)
            case "javascript": return .text(raw, contentType: contentType == nil ? "application/javascript" : nil)
            default: return contentType?.contains("json") == true ? .json(raw) : .text(raw, contentType: nil)
            }
        case "urlencoded":
            return .form(try keyValues(body["urlencoded"], path: LocatedJSONValue.path(path, "urlencoded"), label: label))
        case "formdata":
            var fields: [MultipartField] = []
            for (index, item) in try body.array("formdata", source, path).enumerated() {
                let entryPath = "\(LocatedJSONValue.path(path, "formdata"))[\(index)]"
                let entry = try item.requireObject(source, entryPath)
                guard let key = try entry.string("key", source, entryPath) else { continue }
                let enabled = !entry.flag("disabled")
                let type = try entry.string("contentType", source, entryPath)
                if try entry.string("type", source, entryPath) == "file" {
                    var sources: [String] = []
                    if let src = entry["src"], let items = src.items { sources = items.compactMap(\.text) } else if let src = try entry.string("src", source, entryPath) {
                        sources = [src]
                    }
                    sources = sources.filter { !$0.isEmpty }
                    if sources.isEmpty { report.add(label, "form file field '\(key)' names no file; not imported") }
                    for src in sources {
                        fields.append(MultipartField(name: mapped(key, label), file: attach(src, depth: depth), contentType: type, enabled: enabled))
                    }
                } else {
                    fields.append(MultipartField(name: mapped(key, label), value: mapped(try entry.string("value", source, entryPath) ?? "", label),
                                                 contentType: type, enabled: enabled))
                }
            }
            return .multipart(fields)
        case "file":
            guard let src = try body["file"]?.string("src", source, LocatedJSONValue.path(path, "file")), !src.isEmpty else {
                report.add(label, "the file body names no file; imported without a body")
                return .none
            }
            return .file(path: attach(src, depth: depth), contentType: nil)
        case "graphql":
            let graphQL = body["graphql"]
            let query = try graphQL?.string("query", source, LocatedJSONValue.path(path, "graphql")) ?? ""
            let variables = try graphQL?.string("variables", source, LocatedJSONValue.path(path, "graphql"))
            var trimmed = (variables ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            // The loader takes only a JSON object (or text with {{variables}}); anything else would make the whole
            // collection fail to load, so it is left out and reported.
            if !GraphQLBody.acceptsVariables(trimmed) {
                report.add(label, "the GraphQL variables are not a JSON object; imported without them")
                trimmed = ""
            }
            return .graphql(GraphQLBody(query: query, variables: trimmed == "{}" ? "" : trimmed))
        default:
            report.add(label, "body mode '\(mode)' is not supported; imported without a body")
            return .none
        }
    }

    /// The body file's path as the request file will see it, and an attachment for the writer to copy.
    private mutating func attach(_ src: String, depth: Int) -> String {
        String(repeating: "../", count: depth) + files.destination(of: src)
    }
}
