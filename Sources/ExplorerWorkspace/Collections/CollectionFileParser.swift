import ExplorerCore
import Foundation
import Yams

/// Turns the text of one collection, folder or request file into the model, collecting warnings as it goes.
package struct CollectionFileParser {
    static let requestKeys = ["name", "method", "url", "description", "query", "headers", "body", "auth", "variables",
                              "timeout", "followRedirects", "verifyTLS", "omitHeaders", "captures", "needs", "checks",
                              "stream", "streamIdleTimeout", "protocols", "messages", "wait", "expectMessages", "scripts", "grpc", "examples"]
    static let collectionKeys = ["name", "description", "headers", "auth", "variables", "order", "environments", "checks", "spec", "keepSessionCookies",
                                 "scripts", "protoset", "proto"]
    static let folderKeys = ["name", "description", "headers", "auth", "variables", "order", "checks", "scripts"]
    static let environmentKeys = ["name", "baseURL", "default", "variables", "verifyTLS", "caCertificates", "clientCertificate",
                                  "clientKey", "clientKeyPassphrase", "proxy", "keepSessionCookies", "protected"]

    let file: String
    /// The collection's `spec:` as written (relative to the collection), once `folder` has read a collection.yaml.
    var spec: String?
    /// The collection's `keepSessionCookies:`, once `folder` has read a collection.yaml.
    var keepSessionCookies: Bool?
    /// The collection's `protoset:` and `proto:` as written, once `folder` has read a collection.yaml.
    var schemaFiles = GRPCSchemaFiles()
    var warnings: [CollectionProblem] = []

    package init(file: String) { self.file = file }

    /// Parses YAML (or JSON) text into its top-level mapping.
    package func document(_ text: String, what: String) throws(CollectionProblem) -> YAMLMap {
        let node: Node?
        do {
            // Values are read as text (YAMLMap converts them), so no implicit tags are resolved: Yams resolves them
            // with regular expressions, also whenever it hashes a key, which cost most of the time of a 5,000-file load.
            // The encoding is given because asking Yams for its default reads the whole process environment each time.
            node = try Yams.compose(yaml: text, .basic, .default, .utf8)
        } catch let error as YamlError {
            throw CollectionFileParser.problem(from: error, file: file)
        } catch {
            throw CollectionProblem(SourceLocation(file: file), "could not read YAML: \(error)")
        }
        guard let node else { throw CollectionProblem(SourceLocation(file: file, line: 1, column: 1), "the file is empty; expected \(what)") }
        return try YAMLMap(node, file: file, what: what)
    }

    package static func problem(from error: YamlError, file: String) -> CollectionProblem {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return CollectionProblem(SourceLocation(file: file, line: mark.line, column: mark.column), "invalid YAML: \(detail)")
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams's own text holds the whole file; the key and where it first appears are what a reader needs.
            let keys = duplicates.map { "'\(TerminalSafeText.sanitize($0))'" }.joined(separator: ", ")
            return CollectionProblem(SourceLocation(file: file, line: context.mark.line, column: context.mark.column),
                                     "duplicate key \(keys)")
        case let .reader(problem, _, _, _):
            return CollectionProblem(SourceLocation(file: file), "the file is not readable text: \(problem)")
        default:
            return CollectionProblem(SourceLocation(file: file), "invalid YAML: \(error)")
        }
    }

    mutating func request(_ map: YAMLMap, slug: String) throws(CollectionProblem) -> RequestSpec {
        warnings += map.unknownKeys(allowed: CollectionFileParser.requestKeys, in: "a request")
        let method = (try map.string("method") ?? "GET").uppercased()
        guard !method.isEmpty, method.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else {
            throw CollectionProblem(map.location("method"), "'\(method)' is not an HTTP method; expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS or another word")
        }
        let url = try map.requiredString("url", in: "a request")
        guard !url.contains(where: { $0 == " " || $0 == "\n" }) || url.contains("{{") else {
            throw CollectionProblem(map.location("url"), "the url '\(url)' contains spaces; encode them as %20")
        }
        // An absolute URL with no variables can be checked now rather than failing at send time.
        if url.contains("://"), !url.contains("{{"), URL(string: url)?.host?.isEmpty ?? true {
            throw CollectionProblem(map.location("url"), "the url '\(TerminalSafeText.sanitize(url))' is not a valid URL")
        }
        var omitted: [String] = []
        for item in try map.list("omitHeaders") {
            guard case let .scalar(scalar) = item, KeyValue.isValidHeaderName(scalar.string) else {
                throw CollectionProblem(YAMLMap.location(of: item, in: file), "expected each item of 'omitHeaders' to be a header name, found \(YAMLMap.kind(of: item))")
            }
            omitted.append(scalar.string)
        }
        var request = RequestSpec(
            name: try map.string("name") ?? slug, slug: slug, method: method, url: url,
            description: try map.string("description"),
            query: try keyValues(map, "query"), headers: try keyValues(map, "headers"),
            body: try body(map), auth: try auth(map), variables: try variables(map, "variables"),
            timeout: try map.double("timeout"), followRedirects: try map.bool("followRedirects"),
            verifyTLS: try map.bool("verifyTLS"), file: file)
        request.omittedHeaders = omitted
        request.stream = try map.bool("stream")
        request.streamIdleTimeout = try map.double("streamIdleTimeout")
        request.captures = try captures(map)
        request.needs = try needs(map)
        request.checks = try checks(map)
        request.protocols = try protocols(map)
        request.messages = try messages(map)
        request.wait = try map.double("wait")
        request.expectedMessages = try expectedMessages(map)
        request.scripts = try scripts(map)
        request.grpc = try grpc(map)
        request.examples = try examples(map)
        if request.grpc != nil, map.node("method") == nil { request.method = "GRPC" }
        return request
    }

    /// A WebSocket request's `expectMessages:`: how many messages received end the conversation, at least 1.
    private func expectedMessages(_ map: YAMLMap) throws(CollectionProblem) -> Int? {
        guard let text = try map.string("expectMessages") else { return nil }
        guard let count = Int(text), count >= 1 else {
            throw CollectionProblem(map.location("expectMessages"),
                                    "expected 'expectMessages' to be a whole number of messages, at least 1, found '\(text)'")
        }
        return count
    }

    /// A WebSocket request's `protocols:`: subprotocol tokens.
    private func protocols(_ map: YAMLMap) throws(CollectionProblem) -> [String] {
        try map.list("protocols").map { item throws(CollectionProblem) -> String in
            guard case let .scalar(scalar) = item, !scalar.string.isEmpty,
                  scalar.string.allSatisfy({ $0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0) }) else {
                throw CollectionProblem(YAMLMap.location(of: item, in: file), "expected each item of 'protocols' to be a subprotocol token (like chat.v2), found \(YAMLMap.kind(of: item))")
            }
            return scalar.string
        }
    }

    /// A WebSocket request's `messages:`: each a `name` and one of `text`, `json` (checked here) or `base64`.
    private mutating func messages(_ map: YAMLMap) throws(CollectionProblem) -> [SavedMessage] {
        var messages: [SavedMessage] = []
        for item in try map.list("messages") {
            let entry = try YAMLMap(item, file: file, what: "a message")
            let formats: [SavedMessage.Format] = [.text, .json, .base64]
            let present = formats.filter { entry.node($0.rawValue) != nil }
            warnings += entry.unknownKeys(allowed: ["name"] + formats.map(\.rawValue), in: "a message")
            guard present.count == 1, let format = present.first, let content = try entry.string(format.rawValue) else {
                throw CollectionProblem(YAMLMap.location(of: item, in: file), "a message needs exactly one of text, json or base64")
            }
            let name = try entry.string("name") ?? "message \(messages.count + 1)"
            if format == .json, !content.contains("{{"), (try? JSONSerialization.jsonObject(with: Data(content.utf8), options: [.fragmentsAllowed])) == nil {
                throw CollectionProblem(entry.location("json"), "message '\(name)' is not valid JSON")
            }
            if format == .base64, !content.contains("{{"), Data(base64Encoded: content.filter { !$0.isWhitespace }) == nil {
                throw CollectionProblem(entry.location("base64"), "message '\(name)' is not valid base64")
            }
            messages.append(SavedMessage(name: name, format: format, content: content))
        }
        return messages
    }

    mutating func folder(_ map: YAMLMap?, slug: String, directory: String, isCollection: Bool) throws(CollectionProblem) -> (FolderSpec, [EnvironmentSpec]) {
        guard let map else { return (FolderSpec(name: slug, slug: slug, directory: directory), []) }
        warnings += map.unknownKeys(allowed: isCollection ? CollectionFileParser.collectionKeys : CollectionFileParser.folderKeys,
                                    in: isCollection ? "collection.yaml" : "folder.yaml")
        var folder = FolderSpec(name: try map.string("name") ?? slug, slug: slug, description: try map.string("description"),
                                headers: try keyValues(map, "headers"), auth: try auth(map),
                                variables: try variables(map, "variables"), directory: directory, order: try order(map))
        folder.checks = try checks(map)
        folder.scripts = try scripts(map)
        var environments: [EnvironmentSpec] = []
        if isCollection {
            spec = try map.string("spec")
            keepSessionCookies = try map.bool("keepSessionCookies")
            schemaFiles = try grpcSchemaFiles(map)
            for item in try map.list("environments") {
                let env = try YAMLMap(item, file: file, what: "an environment")
                warnings += env.unknownKeys(allowed: CollectionFileParser.environmentKeys, in: "an environment")
                let name = try env.requiredString("name", in: "an environment")
                if environments.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                    throw CollectionProblem(env.location("name"), "duplicate environment name '\(name)'")
                }
                let baseURL = try env.requiredString("baseURL", in: "environment '\(name)'")
                if EnvironmentChange.baseURLProblem(baseURL) != nil {
                    throw CollectionProblem(env.location("baseURL"), "environment '\(name)' has baseURL '\(baseURL)', which is not \(EnvironmentChange.baseURLKinds)")
                }
                let isDefault = try env.bool("default") ?? false
                if isDefault, let first = environments.first(where: \.isDefault) {
                    warnings.append(CollectionProblem(env.location("default"),
                                                      "environment '\(name)' is marked default too; '\(first.name)', the first so marked, is used",
                                                      isWarning: true))
                }
                var environment = EnvironmentSpec(name: name, baseURL: baseURL, isDefault: isDefault,
                                                    variables: try variables(env, "variables"),
                                                    verifyTLS: try env.bool("verifyTLS") ?? true,
                                                    caCertificates: try env.string("caCertificates"),
                                                    clientCertificate: try env.string("clientCertificate"),
                                                    clientKey: try env.string("clientKey"),
                                                    clientKeyPassphrase: try env.string("clientKeyPassphrase"),
                                                    proxy: try proxy(env, environment: name))
                environment.keepSessionCookies = try env.bool("keepSessionCookies")
                environment.isProtected = try env.bool("protected") ?? false
                environments.append(environment)
            }
        }
        return (folder, environments)
    }

    /// An environment's `proxy:`, checked unless it holds a variable: `direct`, or an http:// URL with a host.
    private func proxy(_ env: YAMLMap, environment name: String) throws(CollectionProblem) -> String? {
        guard let value = try env.string("proxy") else { return nil }
        if value == ProxyChoice.direct || value.contains("{{") { return value }
        do throws(URLError) {
            _ = try ProxyChoice.parse(value, source: "proxy")
        } catch {
            throw CollectionProblem(env.location("proxy"), "environment '\(name)' has proxy '\(value)', which is not an http:// proxy URL with a host (like http://proxy.example:3128) or direct")
        }
        return value
    }

    /// The `order` list: slugs (file names without extension, folder directory names).
    private func order(_ map: YAMLMap) throws(CollectionProblem) -> [String] {
        var slugs: [String] = []
        for item in try map.list("order") {
            guard case let .scalar(scalar) = item, !scalar.string.isEmpty else {
                throw CollectionProblem(YAMLMap.location(of: item, in: file),
                                        "expected each item of 'order' to be the name of a request file or folder, found \(YAMLMap.kind(of: item))")
            }
            slugs.append(scalar.string)
        }
        return slugs
    }

    mutating func keyValues(_ map: YAMLMap, _ key: String) throws(CollectionProblem) -> [KeyValue] {
        var result: [KeyValue] = []
        for item in try map.list(key) {
            let entry = try YAMLMap(item, file: file, what: "an item of '\(key)'")
            warnings += entry.unknownKeys(allowed: ["name", "value", "enabled"], in: "an item of '\(key)'")
            let name = try entry.requiredString("name", in: "an item of '\(key)'")
            if key == "headers", !KeyValue.isValidHeaderName(name) {
                throw CollectionProblem(entry.location("name"), "'\(name)' is not a valid header name (no spaces or colons)")
            }
            result.append(KeyValue(name, try entry.string("value") ?? "", enabled: try entry.bool("enabled") ?? true))
        }
        return result
    }

    private mutating func variables(_ map: YAMLMap, _ key: String) throws(CollectionProblem) -> [Variable] {
        var result: [Variable] = []
        for item in try map.list(key) {
            let entry = try YAMLMap(item, file: file, what: "a variable")
            warnings += entry.unknownKeys(allowed: ["name", "value", "secret", "fromEnv"], in: "a variable")
            let name = try entry.requiredString("name", in: "a variable")
            guard VariableResolver.isValidName(name) else {
                throw CollectionProblem(entry.location("name"), "'\(name)' is not a valid variable name (letters, digits, '_', '-', '.')")
            }
            result.append(Variable(name: name, value: try entry.string("value") ?? "", secret: try entry.bool("secret") ?? false,
                                   fromEnvironment: try entry.string("fromEnv")))
        }
        return result
    }

    private mutating func auth(_ map: YAMLMap) throws(CollectionProblem) -> AuthSpec {
        guard let auth = try map.map("auth") else { return .inherit }
        let type = try auth.requiredString("type", in: "auth").lowercased()
        let allowed: [String]
        let spec: AuthSpec
        switch type {
        case "inherit": allowed = ["type"]; spec = .inherit
        case "none": allowed = ["type"]; spec = .none
        case "basic":
            allowed = ["type", "username", "password"]
            spec = .basic(username: try auth.requiredString("username", in: "basic auth"), password: try auth.string("password") ?? "")
        case "bearer":
            allowed = ["type", "token"]
            spec = .bearer(token: try auth.requiredString("token", in: "bearer auth"))
        case "apikey":
            allowed = ["type", "name", "value", "in"]
            let location = (try auth.string("in") ?? "header").lowercased()
            guard location == "header" || location == "query" else {
                throw CollectionProblem(auth.location("in"), "expected 'in' to be header or query, found '\(location)'")
            }
            spec = .apiKey(name: try auth.requiredString("name", in: "apikey auth"), value: try auth.string("value") ?? "", inQuery: location == "query")
        case "digest":
            allowed = ["type", "username", "password"]
            spec = .digest(username: try auth.requiredString("username", in: "digest auth"), password: try auth.string("password") ?? "")
        case "aws":
            allowed = ["type", "accessKey", "secretKey", "sessionToken", "region", "service"]
            spec = .aws(accessKey: try auth.requiredString("accessKey", in: "aws auth"), secretKey: try auth.requiredString("secretKey", in: "aws auth"),
                        sessionToken: try auth.string("sessionToken") ?? "", region: try auth.requiredString("region", in: "aws auth"),
                        service: try auth.requiredString("service", in: "aws auth"))
        case "oauth2":
            allowed = OAuth2Spec.fileKeys
            spec = .oauth2(try oauth2(auth))
        default:
            throw CollectionProblem(auth.location("type"),
                                    "unknown auth type '\(type)'; expected inherit, none, basic, bearer, apikey, digest, aws or oauth2")
        }
        warnings += auth.unknownKeys(allowed: allowed, in: "\(type) auth")
        return spec
    }

    private mutating func body(_ map: YAMLMap) throws(CollectionProblem) -> BodySpec {
        guard let body = try map.map("body") else { return .none }
        let type = try body.requiredString("type", in: "body").lowercased()
        let allowed: [String]
        let spec: BodySpec
        switch type {
        case "none": allowed = ["type"]; spec = .none
        case "json":
            allowed = ["type", "content"]
            spec = .json(try body.requiredString("content", in: "a json body"))
        case "text":
            allowed = ["type", "content", "contentType"]
            spec = .text(try body.string("content") ?? "", contentType: try body.string("contentType"))
        case "form":
            allowed = ["type", "fields"]
            spec = .form(try keyValues(body, "fields"))
        case "multipart":
            allowed = ["type", "fields"]
            var fields: [MultipartField] = []
            for item in try body.list("fields") {
                let field = try YAMLMap(item, file: file, what: "a multipart field")
                warnings += field.unknownKeys(allowed: ["name", "value", "file", "contentType", "enabled"], in: "a multipart field")
                let name = try field.requiredString("name", in: "a multipart field")
                let value = try field.string("value")
                let path = try field.string("file")
                guard (value == nil) != (path == nil) else {
                    throw CollectionProblem(field.location("name"), "multipart field '\(name)' needs exactly one of 'value' or 'file'")
                }
                fields.append(MultipartField(name: name, value: value, file: path, contentType: try field.string("contentType"),
                                             enabled: try field.bool("enabled") ?? true))
            }
            spec = .multipart(fields)
        case "file":
            allowed = ["type", "file", "contentType"]
            spec = .file(path: try body.requiredString("file", in: "a file body"), contentType: try body.string("contentType"))
        case "graphql":
            allowed = ["type", "query", "variables", "operationName"]
            let variables = try body.string("variables") ?? ""
            if !GraphQLBody.acceptsVariables(variables) {
                throw CollectionProblem(body.location("variables"), "a graphql body's variables must be a JSON object, such as {\"id\": 1}")
            }
            spec = .graphql(GraphQLBody(query: try body.requiredString("query", in: "a graphql body"), variables: variables,
                                        operationName: try body.string("operationName")))
        default:
            throw CollectionProblem(body.location("type"), "unknown body type '\(type)'; expected none, json, text, form, multipart, file or graphql")
        }
        warnings += body.unknownKeys(allowed: allowed, in: "a \(type) body")
        return spec
    }
}
