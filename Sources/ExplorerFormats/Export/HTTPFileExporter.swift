import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Writes a resolved request as an entry of a `.http` file (JetBrains HTTP Client, VS Code REST Client).
struct HTTPFileExporter {
    /// Hides secret values.
    var masker: SecretMasker
    /// The boundary written between multipart parts.
    static let boundary = "apiexplorer-form-boundary"

    /// The entry: a `###` title line, the request line, headers, a blank line and the body.
    func render(_ resolved: ResolvedRequest) -> String {
        let request = resolved.request
        var lines = ["### \(resolved.reference.isEmpty ? "request" : resolved.reference)"]
        if let environment = resolved.environment { lines.append("# environment: \(environment.name)") }
        lines.append("\(request.httpMethod.rawValue) \(masker.mask(request.url?.absoluteString ?? request.baseURLString)) HTTP/1.1")
        var headers = request.effectiveHeaders
        if case let .basic(username, password) = request.authentication {
            // Both clients accept `Basic user password` and encode it themselves, which keeps the password maskable. A
            // user name with a space cannot be told apart from the password that way, so it is sent encoded.
            if username.contains(" ") {
                // Encoded, a secret password would slip past the masker: then the whole value is masked.
                let isSecret = masker.mask(password) != password
                headers.set("Authorization", "Basic " + (isSecret ? SecretMasker.mask : Data("\(username):\(password)".utf8).base64EncodedString()))
            } else {
                headers.set("Authorization", "Basic \(username) \(password)")
            }
        }
        switch request.authentication {
        case let .digest(username, password)?:
            // Both clients answer the challenge themselves from `Digest user password`.
            headers.set("Authorization", "Digest \(username) \(password)")
        case let .aws(credentials)?:
            // VS Code REST Client's form; it signs the request itself (the JetBrains client has no SigV4).
            var parts = ["AWS", credentials.accessKey, credentials.secretKey]
            if let token = credentials.sessionToken, !token.isEmpty { parts.append("token:\(token)") }
            parts += ["region:\(credentials.region)", "service:\(credentials.service)"]
            headers.set("Authorization", parts.joined(separator: " "))
        case .oauth2?:
            // The token is never exported; `apiexplorer auth REF --print-token` prints it.
            headers.set("Authorization", "Bearer " + SecretMasker.mask)
        default:
            break
        }
        if case .multipart = resolved.body {
            headers.set("Content-Type", "multipart/form-data; boundary=\(HTTPFileExporter.boundary)")
        }
        // A GraphQL POST in the clients' own form (query, blank line, variables), which both read back as GraphQL; with
        // an operation name, which that form cannot carry, as the JSON it is sent as.
        let graphQL = resolved.graphQL.flatMap { $0.operationName?.isEmpty == false || request.httpMethod.rawValue == "GET" ? nil : $0 }
        if graphQL != nil { headers.set("X-REQUEST-TYPE", "GraphQL") }
        for header in headers { lines.append(header.name + ":" + (header.value.isEmpty ? "" : " " + masker.mask(header.value))) }
        let body = graphQL.map { graphQLLines($0) } ?? bodyLines(resolved.body)
        if !body.isEmpty { lines += [""] + body }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The query, then a blank line and the variables when there are any.
    private func graphQLLines(_ body: GraphQLBody) -> [String] {
        let variables = body.variables.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = masker.mask(body.query.trimmingCharacters(in: .newlines)) + (variables.isEmpty ? "" : "\n\n" + masker.mask(variables))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func bodyLines(_ body: ResolvedBody) -> [String] {
        switch body {
        case .none:
            return []
        case let .json(text), let .text(text, _):
            return masker.mask(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case let .form(items):
            return [masker.mask(QueryEncoding.formEncode(items))]
        case let .multipart(fields):
            var lines: [String] = []
            for field in fields {
                lines.append("--\(HTTPFileExporter.boundary)")
                var disposition = "Content-Disposition: form-data; name=\"\(masker.mask(field.name))\""
                if let path = field.file {
                    disposition += "; filename=\"\(PathText.lastComponent(path))\""
                    lines.append(disposition)
                    if let type = field.contentType { lines.append("Content-Type: \(type)") }
                    lines += ["", "< \(masker.mask(path))"]
                } else {
                    lines += [disposition, "", masker.mask(field.value ?? "")]
                }
            }
            lines.append("--\(HTTPFileExporter.boundary)--")
            return lines
        case let .file(path, _):
            return ["< \(masker.mask(path))"]
        }
    }
}
