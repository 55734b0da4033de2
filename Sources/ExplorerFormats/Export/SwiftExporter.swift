import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Writes a resolved request as Swift source that sends it with ExplorerCore: a `Service` holding the base URL and the
/// shared headers, a function making the request below it, and an async function that sends it.
struct SwiftExporter {
    /// Hides secret values; applied to each value before it becomes a literal.
    var masker: SecretMasker

    /// The source file, ending with a line break.
    func render(_ resolved: ResolvedRequest) -> String {
        let request = resolved.request
        let parts = resolved.reference.split(separator: "/").map(String.init)
        let service = SwiftLiteral.typeName(parts.first ?? "", fallback: "Exported") + "API"
        let function = SwiftLiteral.identifier(parts.last ?? "", fallback: "request")
        let bare = function.replacingOccurrences(of: "`", with: "")
        let sender = "send" + bare.prefix(1).uppercased() + bare.dropFirst()
        let environment = resolved.environment.map { " (environment \($0.name))" } ?? ""

        var out = """
            // \(resolved.reference.isEmpty ? "A request" : resolved.reference)\(environment), exported by apiexplorer.
            import ExplorerCore
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            /// The API: its base URL and the headers every request shares.
            enum \(service): Service {
                // apiexplorer checked this URL when it exported it.
                static let baseURL = URL(string: \(literal(request.baseURLString)))!

            """
        if !resolved.sharedHeaders.isEmpty {
            out += "    static var sharedProperties: Request.Properties {\n        Request.Properties {\n"
            for header in resolved.sharedHeaders { out += "            Header(\(literal(header.name)), \(literal(header.value)))\n" }
            out += "        }\n    }\n"
        }
        out += "\n    /// \(request.httpMethod.rawValue) \(masker.mask(request.url?.path ?? "/"))\n"
        out += "    static func \(function)() throws -> Request {\n"
        out += bodyStatements(resolved.body)
        var arguments = [method(request.httpMethod), "parent: \(service).self"]
        if !request.pathComponents.isEmpty {
            arguments.append("pathComponents: [" + request.pathComponents.map(literal).joined(separator: ", ") + "]")
        }
        if !request.queryItems.isEmpty {
            let items = request.queryItems.map { "URLQueryItem(name: \(literal($0.name)), value: \($0.value.map(literal) ?? "nil"))" }
            arguments.append("queryItems: [" + items.joined(separator: ", ") + "]")
        }
        if !resolved.ownHeaders.isEmpty {
            arguments.append("headers: [" + resolved.ownHeaders.map { "Header(\(literal($0.name)), \(literal($0.value)))" }.joined(separator: ", ") + "]")
        }
        if let body = bodyExpression(resolved.body) { arguments.append("body: " + body) }
        out += "        return Request(\n" + arguments.map { "            " + $0 }.joined(separator: ",\n") + "\n        )"
        if let authentication = request.authentication { out += "\n        .withAuthentication(\(self.authentication(authentication)))" }
        let defaults = Request.Configuration()
        var changes: [String] = []
        if request.configuration.timeoutInterval != defaults.timeoutInterval {
            changes.append("$0.timeoutInterval = \(request.configuration.timeoutInterval)")
        }
        if request.configuration.followRedirects != defaults.followRedirects {
            changes.append("$0.followRedirects = \(request.configuration.followRedirects)")
        }
        if !changes.isEmpty { out += "\n        .configured { " + changes.joined(separator: "; ") + " }" }
        out += """

                }
            }

            /// Sends the request and prints the status and the body.
            func \(sender)() async throws {
                let response = try await \(service).\(function)().send()
                print(response.statusCode, response.reasonPhrase)
                print(response.text)
            }

            """
        return out
    }

    private func literal(_ text: String) -> String {
        SwiftLiteral.string(masker.mask(text))
    }

    private func method(_ method: HTTPMethod) -> String {
        let known = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"]
        return known.contains(method.rawValue) ? "." + method.rawValue.lowercased() : SwiftLiteral.string(method.rawValue)
    }

    private func authentication(_ authentication: Authentication) -> String {
        switch authentication {
        case let .basic(username, password): return ".basic(username: \(literal(username)), password: \(literal(password)))"
        case let .bearer(token): return ".bearer(token: \(literal(token)))"
        case let .apiKey(name, value, location): return ".apiKey(name: \(literal(name)), value: \(literal(value)), in: .\(location.rawValue))"
        case let .digest(username, password): return ".digest(username: \(literal(username)), password: \(literal(password)))"
        case let .aws(credentials):
            let token = credentials.sessionToken.map { ", sessionToken: \(literal($0))" } ?? ""
            return ".aws(AWSCredentials(accessKey: \(literal(credentials.accessKey)), secretKey: \(literal(credentials.secretKey))\(token), "
                + "region: \(literal(credentials.region)), service: \(literal(credentials.service))))"
        // The token is never exported; `apiexplorer auth REF --print-token` prints it.
        case .oauth2: return ".bearer(token: \(literal(SecretMasker.mask)))"
        }
    }

    /// Statements that prepare a multipart form before the request is made.
    private func bodyStatements(_ body: ResolvedBody) -> String {
        guard case let .multipart(fields) = body else { return "" }
        var out = "        var form = MultipartFormData()\n"
        for field in fields {
            if let path = field.file {
                let type = field.contentType.map { ", contentType: \(literal($0))" } ?? ""
                out += "        try form.add(name: \(literal(field.name)), fileURL: URL(fileURLWithPath: \(literal(path)))\(type))\n"
            } else {
                out += "        form.add(name: \(literal(field.name)), value: \(literal(field.value ?? "")))\n"
            }
        }
        return out
    }

    private func bodyExpression(_ body: ResolvedBody) -> String? {
        switch body {
        case .none: return nil
        case let .json(text): return ".rawJSON(\(SwiftLiteral.text(masker.mask(text), indent: "                ")))"
        case let .text(text, contentType):
            return ".text(\(SwiftLiteral.text(masker.mask(text), indent: "                ")), contentType: \(literal(contentType)))"
        case let .form(items):
            return ".form([" + items.map { "URLQueryItem(name: \(literal($0.name)), value: \(literal($0.value ?? "")))" }.joined(separator: ", ") + "])"
        case .multipart: return ".multipart(form)"
        case let .file(path, contentType):
            return ".data(try Data(contentsOf: URL(fileURLWithPath: \(literal(path)))), contentType: \(literal(contentType)))"
        }
    }
}
