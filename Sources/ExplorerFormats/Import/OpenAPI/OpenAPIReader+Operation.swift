import ExplorerCore
import ExplorerWorkspace
import Foundation

/// An operation as a request: name, slug, description, path variables, query, header and cookie parameters, body and
/// credentials.
extension OpenAPIReader {
    /// Headers OpenAPI says a parameter must not describe (the body and auth set them).
    package static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// The request for `method` on `path`, with the path item's parameters under the operation's own.
    package mutating func request(method: String, path: String, item: OpenAPINode, operation: OpenAPINode, rootAuth: OpenAPIAuth) -> RequestSpec {
        let operationId = nonEmpty(operation["operationId"]?.text)
        let title = nonEmpty(operation["summary"]?.text).map(Self.oneLine) ?? operationId ?? "\(method.uppercased()) \(path)"
        let deprecated = operation["deprecated"]?.isTrue == true
        var request = RequestSpec(name: deprecated ? title + " (deprecated)" : title,
                                  slug: ImportSlug.make(Self.words(operationId ?? title)),
                                  method: method.uppercased(), url: Self.requestURL(path))
        var about = [nonEmpty(operation["description"]?.text)].compactMap { $0 }
        if deprecated { about.insert("Deprecated: the API may remove this operation.", at: 0) }
        request.description = about.isEmpty ? nil : about.joined(separator: "\n\n")
        let parameters = self.parameters(item: item, operation: operation)
        var cookies: [KeyValue] = []
        for parameter in parameters {
            guard let name = parameter["name"]?.text, !name.isEmpty, let location = parameter["in"]?.text else {
                report.add(references.place(parameter), "a parameter needs 'name' and 'in'; not converted")
                continue
            }
            let required = parameter["required"]?.isTrue == true || location == "path"
            let values = parameterValues(parameter)
            switch location {
            case "path":
                request.variables.append(Variable(name: Self.variableName(name), value: values.first ?? ""))
            case "query":
                for value in values.isEmpty ? [""] : values { request.query.append(KeyValue(name, value, enabled: required)) }
            case "header":
                guard !Self.ignoredHeaders.contains(name.lowercased()) else { continue }
                guard KeyValue.isValidHeaderName(name) else {
                    report.add(references.place(parameter), "'\(TerminalSafeText.sanitize(name))' is not a header name; not converted")
                    continue
                }
                request.headers.append(KeyValue(name, Self.oneLine(values.joined(separator: ",")), enabled: required))
            case "cookie":
                cookies.append(KeyValue(name, Self.oneLine(values.joined(separator: ",")), enabled: required))
            case "body", "formData":
                // Swagger 2.0's bodies and form fields, read with the body.
                if !isSwagger { report.add(references.place(parameter), "parameters in '\(location)' are Swagger 2.0's; in OpenAPI 3 use a requestBody. Not converted") }
            default:
                report.add(references.place(parameter), "parameters in '\(TerminalSafeText.sanitize(location))' are not supported; '\(TerminalSafeText.sanitize(name))' not converted")
            }
        }
        request.headers += Self.cookieHeaders(cookies)
        let made = body(of: operation, parameters: parameters)
        request.body = made.body
        request.headers += made.headers
        if let security = operation["security"] {
            let own = auth(for: security, place: references.place(security))
            if own != rootAuth {
                // A cookie-only scheme has no auth of its own, and must not inherit the collection's.
                request.auth = own.auth == .inherit ? .none : own.auth
                request.headers += own.headers
            }
        }
        if operation["servers"] != nil || item["servers"] != nil {
            report.add(references.place(operation), "servers of its own are not converted; the request goes to the environment's baseURL")
        }
        return request
    }

    /// The path item's parameters, then the operation's, which replace those with the same name and location.
    private mutating func parameters(item: OpenAPINode, operation: OpenAPINode) -> [OpenAPINode] {
        var result: [OpenAPINode] = []
        for list in [item["parameters"], operation["parameters"]] {
            for entry in list?.items ?? [] {
                guard let parameter = references.resolve(entry, report: &report) else { continue }
                let key = (parameter["name"]?.text, parameter["in"]?.text)
                result.removeAll { ($0["name"]?.text, $0["in"]?.text) == key }
                result.append(parameter)
            }
        }
        return result
    }

    /// The values a parameter is shown with: its example, the first of its examples, else one made from its schema
    /// (Swagger 2.0 keeps the schema in the parameter itself); an array gives one value per item.
    private mutating func parameterValues(_ parameter: OpenAPINode) -> [String] {
        var value = parameter["example"]?.value ?? parameter["x-example"]?.value
        if value == nil, let first = parameter["examples"]?.members.first?.node, let example = references.resolve(first, report: &report) {
            value = example["value"]?.value
        }
        if value == nil { value = sample(isSwagger ? parameter : parameter["schema"] ?? parameter) }
        guard let value else { return [] }
        if let items = value.items { return items.map(\.fieldText) }
        return [value.fieldText]
    }

    /// Cookie parameters as `Cookie` headers: the required ones sent, and all of them in a second header switched off.
    private static func cookieHeaders(_ cookies: [KeyValue]) -> [KeyValue] {
        func line(_ list: [KeyValue]) -> String { list.map { "\($0.name)=\($0.value)" }.joined(separator: "; ") }
        let required = cookies.filter(\.enabled)
        var headers: [KeyValue] = []
        if !required.isEmpty { headers.append(KeyValue("Cookie", line(required))) }
        if required.count < cookies.count { headers.append(KeyValue("Cookie", line(cookies), enabled: false)) }
        return headers
    }

    /// A path as a request URL: `{param}` as `{{param}}`, and what a URL cannot hold (spaces, control characters)
    /// percent-encoded, so the loader reads it back.
    package static func requestURL(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.insert(charactersIn: "{}")
        let encoded = template(path).addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return encoded.replacingOccurrences(of: "://", with: "%3A//")
    }

    /// `getPetById` → `get Pet By Id`, so the slug reads `get-pet-by-id`.
    package static func words(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for character in text {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { out.append(" ") }
            out.append(character)
            previous = character
        }
        return out
    }

    /// Text on one line, at most 120 characters: a summary becomes a request's name.
    package static func oneLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(120)).trimmingCharacters(in: .whitespaces)
    }
}
