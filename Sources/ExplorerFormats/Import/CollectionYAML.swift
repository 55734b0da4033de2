import ExplorerCore
import ExplorerWorkspace
import Foundation
import Yams

/// Builds the YAML text of collection, folder, request and secrets files from the model, keys in the documented order.
///
/// Documents are built as ordered `Node` trees and emitted by Yams, which quotes exactly where YAML needs it, so every
/// value reads back as the same text.
enum CollectionYAML {
    /// `collection.yaml` for a collection; secret environment values are left out (they go to `secrets.local.yaml`).
    static func collection(_ collection: CollectionSpec) throws -> String {
        var pairs = folderPairs(collection.root)
        if let spec = collection.spec {
            // Relative, so the collection and its spec can move together (into git, another machine).
            let directory = collection.directory.hasPrefix("/") ? collection.directory
                : PathText.appending(FileManager.default.currentDirectoryPath, collection.directory)
            let index = pairs.firstIndex { $0.0 == "description" }.map { $0 + 1 } ?? 1
            pairs.insert(("spec", text(CheckRow.relative((spec as NSString).standardizingPath, to: (directory as NSString).standardizingPath))), at: index)
        }
        if let protoset = collection.grpcSchema.protoset {
            let index = pairs.firstIndex { $0.0 == "description" }.map { $0 + 1 } ?? 1
            pairs.insert(("protoset", text(protoset)), at: index)
        }
        if !collection.environments.isEmpty {
            pairs.append(("environments", .sequence(Node.Sequence(collection.environments.map(environment)))))
        }
        return try emit(pairs)
    }

    /// `folder.yaml` for a folder.
    static func folder(_ folder: FolderSpec) throws -> String {
        try emit(folderPairs(folder))
    }

    /// A request file.
    static func request(_ request: RequestSpec) throws -> String {
        var pairs: [(String, Node)] = [("name", text(request.name))]
        // A gRPC request's method is its grpc: block's.
        if let grpc = request.grpc {
            pairs += [("url", text(request.url)), ("grpc", mapping([("method", text(grpc.method))]))]
        } else {
            pairs += [("method", text(request.method)), ("url", text(request.url))]
        }
        if let description = request.description { pairs.append(("description", block(description))) }
        if !request.query.isEmpty { pairs.append(("query", keyValues(request.query))) }
        if !request.headers.isEmpty { pairs.append(("headers", keyValues(request.headers))) }
        if request.body != .none { pairs.append(("body", body(request.body))) }
        if request.auth != .inherit { pairs.append(("auth", auth(request.auth))) }
        if !request.variables.isEmpty { pairs.append(("variables", variables(request.variables, omitSecretValues: false))) }
        if let timeout = request.timeoutText { pairs.append(("timeout", plain(timeout))) }
        if let follow = request.followRedirects { pairs.append(("followRedirects", plain(follow ? "true" : "false"))) }
        if let verify = request.verifyTLS { pairs.append(("verifyTLS", plain(verify ? "true" : "false"))) }
        if !request.omittedHeaders.isEmpty { pairs.append(("omitHeaders", .sequence(Node.Sequence(request.omittedHeaders.map(text))))) }
        pairs += webSocketPairs(request)
        if !request.captures.isEmpty { pairs.append(("captures", .sequence(Node.Sequence(request.captures.compactMap(capture))))) }
        if !request.checks.isEmpty { pairs.append(("checks", .sequence(Node.Sequence(request.checks.compactMap(check))))) }
        pairs += scriptsPairs(request.scripts)
        if !request.examples.isEmpty { pairs.append(("examples", .sequence(Node.Sequence(request.examples.map(example))))) }
        return try emit(pairs)
    }

    /// `secrets.local.yaml`: environment → variable → value for every secret environment variable with a value, or
    /// nil when there are none.
    static func secrets(_ collection: CollectionSpec) throws -> String? {
        var pairs: [(String, Node)] = []
        for environment in collection.environments {
            let values = environment.variables.filter { $0.secret && !$0.value.isEmpty }
            guard !values.isEmpty else { continue }
            pairs.append((environment.name, .mapping(Node.Mapping(values.map { (text($0.name), text($0.value)) }))))
        }
        return pairs.isEmpty ? nil : try emit(pairs)
    }

    private static func folderPairs(_ folder: FolderSpec) -> [(String, Node)] {
        var pairs: [(String, Node)] = [("name", text(folder.name))]
        if let description = folder.description { pairs.append(("description", block(description))) }
        if !folder.headers.isEmpty { pairs.append(("headers", keyValues(folder.headers))) }
        if folder.auth != .inherit { pairs.append(("auth", auth(folder.auth))) }
        if !folder.variables.isEmpty { pairs.append(("variables", variables(folder.variables, omitSecretValues: false))) }
        if !folder.order.isEmpty { pairs.append(("order", .sequence(Node.Sequence(folder.order.map(text))))) }
        pairs += scriptsPairs(folder.scripts)
        return pairs
    }

    private static func environment(_ environment: EnvironmentSpec) -> Node {
        var pairs: [(String, Node)] = [("name", text(environment.name)), ("baseURL", text(environment.baseURL))]
        if environment.isDefault { pairs.append(("default", plain("true"))) }
        if !environment.variables.isEmpty { pairs.append(("variables", variables(environment.variables, omitSecretValues: true))) }
        return mapping(pairs)
    }

    private static func keyValues(_ entries: [KeyValue]) -> Node {
        .sequence(Node.Sequence(entries.map { entry in
            var pairs: [(String, Node)] = [("name", text(entry.name)), ("value", text(entry.value))]
            if !entry.enabled { pairs.append(("enabled", plain("false"))) }
            return mapping(pairs)
        }))
    }

    private static func variables(_ variables: [Variable], omitSecretValues: Bool) -> Node {
        .sequence(Node.Sequence(variables.map { variable in
            var pairs: [(String, Node)] = [("name", text(variable.name))]
            if !(omitSecretValues && variable.secret) { pairs.append(("value", text(variable.value))) }
            if variable.secret { pairs.append(("secret", plain("true"))) }
            if let name = variable.fromEnvironment { pairs.append(("fromEnv", text(name))) }
            return mapping(pairs)
        }))
    }

    private static func auth(_ auth: AuthSpec) -> Node {
        var pairs: [(String, Node)] = [("type", plain(auth.typeName))]
        switch auth {
        case .inherit, .none: break
        case let .basic(username, password): pairs += [("username", text(username)), ("password", text(password))]
        case let .bearer(token): pairs.append(("token", text(token)))
        case let .apiKey(name, value, inQuery): pairs += [("name", text(name)), ("value", text(value)), ("in", plain(inQuery ? "query" : "header"))]
        case let .digest(username, password): pairs += [("username", text(username)), ("password", text(password))]
        case let .aws(accessKey, secretKey, sessionToken, region, service):
            pairs += [("accessKey", text(accessKey)), ("secretKey", text(secretKey))]
            if !sessionToken.isEmpty { pairs.append(("sessionToken", text(sessionToken))) }
            pairs += [("region", text(region)), ("service", text(service))]
        case let .oauth2(settings):
            pairs += settings.fileFields.map { ($0.key, $0.key == "redirectPort" ? plain($0.value) : text($0.value)) }
            if !settings.parameters.isEmpty { pairs.append(("parameters", keyValues(settings.parameters))) }
        }
        return mapping(pairs)
    }

    private static func body(_ body: BodySpec) -> Node {
        var pairs: [(String, Node)] = [("type", plain(body.typeName))]
        switch body {
        case .none: break
        case let .json(content): pairs.append(("content", block(content)))
        case let .text(content, contentType):
            pairs.append(("content", block(content)))
            if let contentType { pairs.append(("contentType", text(contentType))) }
        case let .form(fields): pairs.append(("fields", keyValues(fields)))
        case let .multipart(fields):
            pairs.append(("fields", .sequence(Node.Sequence(fields.map { field in
                var entry: [(String, Node)] = [("name", text(field.name))]
                if let file = field.file { entry.append(("file", text(file))) } else { entry.append(("value", text(field.value ?? ""))) }
                if let contentType = field.contentType { entry.append(("contentType", text(contentType))) }
                if !field.enabled { entry.append(("enabled", plain("false"))) }
                return mapping(entry)
            }))))
        case let .file(path, contentType):
            pairs.append(("file", text(path)))
            if let contentType { pairs.append(("contentType", text(contentType))) }
        case let .graphql(graphQL):
            pairs.append(("query", block(graphQL.query)))
            if !graphQL.variables.isEmpty { pairs.append(("variables", block(graphQL.variables))) }
            if let name = graphQL.operationName { pairs.append(("operationName", text(name))) }
        }
        return mapping(pairs)
    }

    static func mapping(_ pairs: [(String, Node)]) -> Node {
        .mapping(Node.Mapping(pairs.map { (text($0.0), $0.1) }))
    }

    /// A text scalar that reads back as exactly `value` (quoted when plain text would read as a number, `null`…).
    static func text(_ value: String) -> Node {
        .scalar(value.represented())
    }

    /// Multi-line text as a `|` block, which keeps bodies readable; Yams falls back to quotes where a block cannot hold it.
    static func block(_ value: String) -> Node {
        value.contains("\n") ? .scalar(Node.Scalar(value, Tag(.str), .literal)) : text(value)
    }

    static func plain(_ value: String) -> Node {
        .scalar(Node.Scalar(value))
    }

    private static func emit(_ pairs: [(String, Node)]) throws -> String {
        try Yams.serialize(node: mapping(pairs), indent: 2, width: -1, allowUnicode: true)
    }
}
