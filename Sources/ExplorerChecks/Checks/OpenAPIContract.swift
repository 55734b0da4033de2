import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// Checks a live response against what an OpenAPI description declares for the request's operation: the status is
/// declared (or covered by `2XX`, `default`), the content type is declared, and a JSON body validates against the
/// response's schema. Each violation names the place in the body and the schema's JSON pointer.
enum OpenAPIContract {
    /// Every way `response` breaks the contract of `operation`; empty when it conforms.
    static func violations(of response: CheckedResponse, operation: SpecOperation, documents: DocumentCache) -> [String] {
        let cached: OpenAPISpec
        switch OpenAPISpec.read(operation.spec, in: documents) {
        case let .success(entry): cached = entry
        case let .failure(error): return ["the spec cannot be used: \(error.description)"]
        }
        let root = cached.root
        let document = OpenAPINode(value: root, file: operation.spec, pointer: "")
        var references = OpenAPIReferences(root: root, rootFile: operation.spec, readFile: { FileManager.default.contents(atPath: $0) })
        var ignored = ImportReport()
        let method = operation.method.lowercased()
        let wanted = template(of: requestPath(operation.url))
        let isSwagger = root["swagger"] != nil
        let basePath = isSwagger ? (root["basePath"]?.text ?? "") : ""
        let paths = document["paths"]?.members ?? []
        // A path written as a template names its operation exactly; a literal one (`/status/404`) matches by segments.
        guard let item = paths.first(where: { template(of: $0.key) == wanted || template(of: basePath + $0.key) == wanted })
                ?? paths.first(where: { covers(template(of: $0.key), wanted) || covers(template(of: basePath + $0.key), wanted) }),
              let resolvedItem = references.resolve(item.node, report: &ignored), let spec = resolvedItem[method] else {
            return ["the spec has no operation \(operation.method.uppercased()) \(operation.url)"]
        }
        let name = "\(operation.method.uppercased()) \(item.key)"
        let responses = spec["responses"]?.members ?? []
        let status = String(response.status)
        let family = "\(response.status / 100)XX"
        guard let declared = responses.first(where: { $0.key == status }) ?? responses.first(where: { $0.key.uppercased() == family })
                ?? responses.first(where: { $0.key == "default" }) else {
            return ["status \(status) is not declared for \(name) (it declares \(responses.map(\.key).joined(separator: ", ")))"]
        }
        guard let declaredResponse = references.resolve(declared.node, report: &ignored) else {
            return ["the response \(declared.key) of \(name) has a broken $ref"]
        }
        let contentType = response.values(of: "Content-Type").first.map(mediaType) ?? ""
        var schema: OpenAPINode?
        if isSwagger {
            let produces = (spec["produces"] ?? document["produces"])?.items.compactMap(\.text) ?? []
            if !produces.isEmpty, !contentType.isEmpty, !produces.contains(where: { matches(contentType, $0) }) {
                return ["content type \(contentType) is not declared for \(name) (it produces \(produces.joined(separator: ", ")))"]
            }
            schema = declaredResponse["schema"]
        } else if let content = declaredResponse["content"]?.members, !content.isEmpty {
            guard let media = content.first(where: { matches(contentType, $0.key) }) else {
                return ["content type \(contentType.isEmpty ? "(none)" : contentType) is not declared for \(name) \(declared.key) (it declares \(content.map(\.key).joined(separator: ", ")))"]
            }
            schema = media.node["schema"]
        }
        guard let schema, OpenAPIReader.kind(of: contentType.isEmpty ? "application/json" : contentType) == .json else { return [] }
        guard let body = JSONValue.parse(response.body) else { return ["the body is not JSON, but \(name) \(declared.key) declares a JSON schema"] }
        let bundle = cached.bundle
        var validator = JSONSchemaValidator(root: cached.document)
        validator.namesSchemaPointers = true
        // The schema is validated in place in the bundle, so its `$ref`s resolve, into other files too.
        let reference = schema.file == operation.spec ? "#" + OpenAPISchemaBundle.pointer(inSpec: schema.pointer)
            : "#/external/" + OpenAPINode.escape(bundle.names[OpenAPIReferences.normalised(schema.file)] ?? schema.file) + schema.pointer
        let errors = validator.validate(body, against: .object(["$ref": .string(reference)]), pointer: schema.pointer)
        return errors.map { bundle.readable($0) }
    }

    /// A path template with its parameter names dropped (`/pets/{}`), from the spec's `{id}` or a request's
    /// `{{id}}`, without a query.
    static func template(of path: String) -> String {
        let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        var out = ""
        var depth = 0
        for character in withoutQuery {
            if character == "{" {
                if depth == 0 { out += "{}" }
                depth += 1
            } else if character == "}" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                out.append(character)
            }
        }
        return out.count > 1 && out.hasSuffix("/") ? String(out.dropLast()) : out
    }

    /// The path part of a request's URL: after the host of a full URL, after a leading `{{baseURL}}`-like variable.
    static func requestPath(_ url: String) -> String {
        var path = Substring(url)
        if let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? ""
        } else if path.hasPrefix("{{"), let close = path.range(of: "}}"), path[close.upperBound...].hasPrefix("/") {
            path = path[close.upperBound...]
        }
        return String(path)
    }

    /// True when the spec's template (`/status/{}`) covers the request's path segment by segment: a `{}` segment
    /// takes any literal one.
    static func covers(_ spec: String, _ path: String) -> Bool {
        let specParts = spec.split(separator: "/", omittingEmptySubsequences: false)
        let pathParts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard specParts.count == pathParts.count else { return false }
        return zip(specParts, pathParts).allSatisfy { $0 == $1 || ($0 == "{}" && !$1.isEmpty && !$1.contains("{")) }
    }

    /// `application/json; charset=utf-8` → `application/json`.
    static func mediaType(_ header: String) -> String {
        (header.split(separator: ";").first.map(String.init) ?? header).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// True when the declared media range (`application/json`, `application/*`, `*/*`) covers `type`.
    static func matches(_ type: String, _ declared: String) -> Bool {
        let range = mediaType(declared)
        if range == "*/*" || range == type { return true }
        if range.hasSuffix("/*") { return type.hasPrefix(String(range.dropLast(1))) }
        return false
    }
}
