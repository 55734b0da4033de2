import ExplorerCore
import Foundation

/// Turns a saved request, the folders above it, its collection and an environment into an ExplorerCore `Request`.
///
/// The collection becomes the root `ComponentContext`, each folder a child context, and the request is made below
/// the innermost one, so saved requests take the same path through the core as a library user's `Service` tree.
public struct RequestResolver: Sendable {
    /// The collection.
    public var collection: CollectionSpec
    /// The folders from the collection down to the request's folder (empty at the top level).
    public var folders: [FolderSpec]
    /// The request.
    public var request: RequestSpec
    /// The environment, if any.
    public var environment: EnvironmentSpec?
    /// `--set NAME=VALUE` values, which win over everything.
    public var overrides: [Variable]
    /// `--header` values, added after the request's own.
    public var extraHeaders: [KeyValue]
    /// The address of the running demo API, for environments whose base URL is `builtin:demo`.
    public var demoBaseURL: URL?
    /// The process environment, for `{{$env.NAME}}`.
    public var processEnvironment: [String: String]
    /// What may be read from outside the files (secret references, prompts) and whether it may be now.
    public var inputs = ResolutionInputs()

    /// Creates a resolver.
    public init(collection: CollectionSpec, folders: [FolderSpec], request: RequestSpec, environment: EnvironmentSpec?,
                overrides: [Variable] = [], extraHeaders: [KeyValue] = [], demoBaseURL: URL? = nil,
                processEnvironment: [String: String] = ProcessInfo.processInfo.environment) {
        self.collection = collection
        self.folders = folders
        self.request = request
        self.environment = environment
        self.overrides = overrides
        self.extraHeaders = extraHeaders
        self.demoBaseURL = demoBaseURL
        self.processEnvironment = processEnvironment
    }

    /// Where OAuth 2.0 tokens are kept: the state directory the process environment names.
    public var tokenCache: OAuth2TokenCache { OAuth2TokenCache.standard(environment: processEnvironment) }

    /// `collection/folder/request`.
    public var reference: String {
        ([collection.slug] + folders.map(\.slug) + [request.slug]).joined(separator: "/")
    }

    /// What to do when this request meets something its collection is not trusted with: the caller's advice, else
    /// the trust command for this collection.
    var trustAdvice: String {
        inputs.trustAdvice ?? "Run apiexplorer trust \(collection.slug) to see what it reads and runs, and trust it."
    }

    /// The environment's base URL, with the demo API's real address substituted.
    public var baseURLValue: String? {
        guard let environment else { return nil }
        if environment.usesBuiltInDemo { return demoBaseURL?.absoluteString ?? "http://127.0.0.1:0" }
        return environment.baseURL
    }

    /// The variable resolver for this request, narrowest scope first.
    public var variableResolver: VariableResolver {
        var scopes = [VariableScope(origin: "command line", variables: overrides)]
        if let environment {
            var variables = environment.variables
            if let base = baseURLValue, !variables.contains(where: { $0.name == "baseURL" }) {
                variables.append(Variable(name: "baseURL", value: base))
            }
            scopes.append(VariableScope(origin: "environment \(environment.name)", variables: variables))
        }
        scopes.append(VariableScope(origin: "request", variables: request.variables))
        for folder in folders.reversed() { scopes.append(VariableScope(origin: "folder \(folder.name)", variables: folder.variables)) }
        scopes.append(VariableScope(origin: "collection", variables: collection.root.variables))
        var resolver = VariableResolver(scopes: scopes, environmentName: environment?.name, context: "request \(reference)",
                                        processEnvironment: processEnvironment, inputs: inputs)
        resolver.inputs.trustAdvice = trustAdvice
        resolver.directory = collection.directory
        return resolver
    }

    /// Every header the request will send, outermost first, marking which are inherited and which are replaced.
    public var effectiveHeaders: [EffectiveHeader] {
        var entries: [EffectiveHeader] = collection.root.headers.map { EffectiveHeader(header: $0, origin: "collection", isOwn: false) }
        for folder in folders {
            entries += folder.headers.map { EffectiveHeader(header: $0, origin: folder.name, isOwn: false) }
        }
        entries += request.headers.map { EffectiveHeader(header: $0, origin: "request", isOwn: true) }
        for index in entries.indices where entries[index].header.enabled {
            let name = entries[index].header.name.lowercased()
            let replacedLater = entries[(index + 1)...].contains { $0.header.enabled && $0.header.name.lowercased() == name && $0.origin != entries[index].origin }
            entries[index].isOverridden = replacedLater
        }
        let omitted = Set(request.omittedHeaders.map { $0.lowercased() })
        for index in entries.indices where !entries[index].isOwn && omitted.contains(entries[index].header.name.lowercased()) {
            entries[index].isOmitted = true
        }
        return entries
    }

    /// The credentials that apply: the nearest that is not `inherit`.
    public var effectiveAuth: AuthSpec {
        for auth in [request.auth] + folders.reversed().map(\.auth) + [collection.root.auth] where auth != .inherit {
            return auth
        }
        return .none
    }

    /// The URL after substitution, before query parameters, for previews.
    public func resolvedURLString() throws(ResolveError) -> String {
        try resolvedURLString(using: variableResolver)
    }

    /// With `encodingQuery`, a variable in the URL's query is substituted percent-encoded, as it is sent; previews
    /// show it as written.
    private func resolvedURLString(using resolver: VariableResolver, encodingQuery: Bool = false) throws(ResolveError) -> String {
        func sub(_ text: String) throws(ResolveError) -> String {
            do { return try resolver.resolve(text) } catch { throw .variable(error) }
        }
        let template = encodingQuery ? try URLQueryTemplate.encodingQueryPlaceholders(request.url, substitute: sub) : request.url
        let url = try sub(template)
        if RequestResolver.hasScheme(url) { return url }
        guard let base = baseURLValue else {
            throw .invalidURL(url, context: "request \(reference) (no environment is selected, so a path has no base URL)")
        }
        let resolvedBase: String
        do { resolvedBase = try resolver.resolve(base) } catch { throw .variable(error) }
        let trimmedBase = resolvedBase.hasSuffix("/") ? String(resolvedBase.dropLast()) : resolvedBase
        return url.isEmpty ? trimmedBase : trimmedBase + (url.hasPrefix("/") ? url : "/" + url)
    }

    /// The URL as a person reads it before sending: the resolved URL, then the enabled query parameters and an API key
    /// sent in the query, unencoded, with secret values masked (the preview left the query list out).
    public func previewURLString() throws(ResolveError) -> String {
        let resolver = variableResolver
        func sub(_ text: String) throws(ResolveError) -> String {
            do { return try resolver.resolve(text) } catch { throw .variable(error) }
        }
        let masker = SecretMasker(secrets: resolver.secretValues)
        let url = masker.mask(try resolvedURLString(using: resolver))
        // Readable, but a value holding `&`, `=`, `#`, `+`, `%` or a space is shown encoded, as it is sent, so the
        // pairs cannot be misread (`b=two words & more` looked like two parameters).
        // By hand: Foundation's addingPercentEncoding also encodes every non-ASCII character, which would turn the
        // mask's bullets (and any accented value) into %E2%80%A2….
        func shown(_ text: String) -> String {
            var out = ""
            for character in masker.mask(text) {
                switch character {
                case "&": out += "%26"
                case "=": out += "%3D"
                case "#": out += "%23"
                case "+": out += "%2B"
                case "%": out += "%25"
                case " ": out += "%20"
                default: out.append(character)
                }
            }
            return out
        }
        var pairs: [String] = []
        for item in request.query where item.enabled { pairs.append(shown(try sub(item.name)) + "=" + shown(try sub(item.value))) }
        if case let .apiKey(name, value, true) = effectiveAuth { pairs.append(shown(try sub(name)) + "=" + shown(try sub(value))) }
        for item in try graphQLQueryItems(sub) { pairs.append(item.name + "=" + shown(item.value ?? "")) }
        guard !pairs.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + pairs.joined(separator: "&")
    }

    /// True for `scheme://...` (any scheme, so `ftp://x` is rejected as a URL rather than glued onto the base URL as a path).
    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.range(of: "://"), let first = url.first, first.isASCII, first.isLetter else { return false }
        return url[..<colon.lowerBound].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    /// True for a GraphQL body sent with GET, which carries its query in the URL.
    private var isGraphQLGet: Bool {
        if case .graphql = request.body { return request.method.uppercased() == "GET" }
        return false
    }

    /// The query-string parameters of a GraphQL body sent with GET; none otherwise.
    private func graphQLQueryItems(_ sub: (String) throws(ResolveError) -> String) throws(ResolveError) -> [URLQueryItem] {
        guard isGraphQLGet, case let .graphql(body) = request.body else { return [] }
        return try body.queryItems(sub)
    }

    /// Builds the request to send.
    public func resolve() throws(ResolveError) -> ResolvedRequest {
        let resolver = variableResolver
        func sub(_ text: String) throws(ResolveError) -> String {
            do { return try resolver.resolve(text) } catch { throw .variable(error) }
        }
        let full = try resolvedURLString(using: resolver, encodingQuery: true)
        guard var components = URLComponents(string: full), let scheme = components.scheme?.lowercased(),
              (["http", "https"].contains(scheme) || request.isWebSocket && ["ws", "wss"].contains(scheme)
                  || request.isGRPC && ["grpc", "grpcs"].contains(scheme)),
              components.host?.isEmpty == false else {
            throw .invalidURL(full, context: "request \(reference)")
        }
        // WebSocket and gRPC requests are built over http(s), as their handshake and calls are; the sender turns the
        // scheme back to ws(s) or grpc(s).
        if scheme == "ws" || scheme == "grpc" { components.scheme = "http" } else if scheme == "wss" || scheme == "grpcs" { components.scheme = "https" }
        let inlineQuery = QueryEncoding.decode(components.percentEncodedQuery ?? "")
        let segments = components.percentEncodedPath.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.fragment = nil
        guard let base = components.url else { throw .invalidURL(full, context: "request \(reference)") }

        // Headers the request omits (`omitHeaders`) are not sent, whatever the collection or a folder says.
        let omitted = Set(request.omittedHeaders.map { $0.lowercased() })
        func inherited(_ headers: [KeyValue]) -> [KeyValue] { headers.filter { !omitted.contains($0.name.lowercased()) } }
        var context = ComponentContext(baseURL: base, properties: try properties(headers: inherited(collection.root.headers), sub))
        for folder in folders {
            context = context.child(properties: try properties(headers: inherited(folder.headers), sub))
        }
        var query = inlineQuery
        for item in request.query where item.enabled { query.append(URLQueryItem(name: try sub(item.name), value: try sub(item.value))) }
        query += try graphQLQueryItems(sub)
        var own = HTTPHeaders()
        for header in request.headers + extraHeaders where header.enabled { own.add(try sub(header.name), try sub(header.value)) }
        let resolvedBody = try body(sub)
        var built = context.request(HTTPMethod(rawValue: request.method), path: segments, queryItems: query, headers: own,
                                    body: try requestBody(resolvedBody))
        // The nearest auth that is not `inherit` decides, so `none` on a folder also cancels the collection's credentials
        // (in the context tree a nil authentication means "inherit" and would let them through).
        built.authentication = try authentication(effectiveAuth, sub)
        // The transport drops such a header (or would let it start another), while `--print H` showed it as sent.
        for header in built.effectiveHeaders where (header.name + header.value).unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
            throw .headerLineBreak(name: header.name, context: "request \(reference)")
        }
        // A Digest password, an AWS secret key and a session token are secrets whatever they are written as (a
        // literal in the file too): masked in what is printed, logged and exported, as history masks them.
        var secretValues = resolver.secretValues
        switch built.authentication {
        // A Basic password goes out as base64 of `user:password`, which no form of the password alone matches.
        case let .basic(username, password)?:
            let pair = "\(username):\(password)"
            secretValues += [password, pair, Data(pair.utf8).base64EncodedString()]
        case let .digest(_, password)?: secretValues.append(password)
        case let .aws(credentials)?: secretValues += [credentials.secretKey] + (credentials.sessionToken.map { [$0] } ?? [])
        // The client secret, the password and the tokens held, so a server echoing one is masked too. A preview
        // (in the explorer's update) reads no token cache: it has only the settings' secrets to hide.
        case let .oauth2(credential)?: secretValues += inputs.isSending ? credential.secretValues : credential.settings.secretValues
        default: break
        }
        built.hooks.maskedValues = secretValues
        built.configuration.digestSessions = inputs.context.digestSessions
        if let timeout = request.timeout { built.configuration.timeoutInterval = timeout }
        if let follow = request.followRedirects { built.configuration.followRedirects = follow }
        if let stream = request.stream { built.configuration.streamsEveryResponse = stream }
        if let idle = request.streamIdleTimeout, idle > 0 { built.configuration.streamIdleTimeout = idle }
        if request.verifyTLS == false || environment?.verifyTLS == false { built.configuration.verifiesTLSCertificates = false }
        if let environment {
            built.configuration.tls = try tlsOptions(environment, sub)
            if let proxy = environment.proxy { built.configuration.proxy = try sub(proxy) }
        }
        // One jar per collection and environment, kept as the context's CookiePolicy says: a login's cookie is sent on
        // later requests (and, kept on disk, by later runs). No jar means cookies are off.
        let keepsSessionCookies = environment?.keepSessionCookies ?? collection.keepSessionCookies ?? false
        if let jar = inputs.context.cookies.jar(collection: collection.directory, environment: environment?.name,
                                                keepsSessionCookies: keepsSessionCookies) {
            built.configuration.cookieJar = jar
        } else {
            built.configuration.httpShouldHandleCookies = false
        }
        var resolved = ResolvedRequest(request: built, secretValues: secretValues, environment: environment, reference: reference,
                                       body: resolvedBody, sharedHeaders: context.properties.headers, ownHeaders: own)
        if case let .graphql(graphQL) = request.body {
            var operationName: String?
            if let name = graphQL.operationName { operationName = try sub(name) }
            resolved.graphQL = GraphQLBody(query: try sub(graphQL.query), variables: try sub(graphQL.variables), operationName: operationName)
        }
        if inputs.isSending, case let .oauth2(credential)? = built.authentication { credential.use(built.configuration) }
        return resolved
    }

    /// The environment's CA file and client certificate, with variables substituted (the key passphrase usually comes
    /// from the secrets file) and relative paths taken from the collection's directory.
    private func tlsOptions(_ environment: EnvironmentSpec, _ sub: (String) throws(ResolveError) -> String) throws(ResolveError) -> TLSOptions {
        func path(_ value: String?) throws(ResolveError) -> String? {
            guard let value else { return nil }
            let expanded = NSString(string: try sub(value)).expandingTildeInPath
            return expanded.hasPrefix("/") || collection.directory.isEmpty ? expanded : collection.directory + "/" + expanded
        }
        var passphrase: String?
        if let value = environment.clientKeyPassphrase { passphrase = try sub(value) }
        return TLSOptions(caCertificatesFile: try path(environment.caCertificates),
                          clientCertificateFile: try path(environment.clientCertificate),
                          clientKeyFile: try path(environment.clientKey), clientKeyPassphrase: passphrase)
    }

    private func properties(headers: [KeyValue], _ sub: (String) throws(ResolveError) -> String) throws(ResolveError) -> RequestProperties {
        var resolved = HTTPHeaders()
        for header in headers where header.enabled { resolved.add(try sub(header.name), try sub(header.value)) }
        // Credentials are not resolved level by level: the nearest that is not `inherit` is set on the request (see
        // `resolve`), so a folder's or the collection's unused credentials are never read (an OAuth token fetched, a
        // secret with no value refused) for a request that sends none or its own.
        return RequestProperties(headers: resolved, authentication: nil)
    }

    private func authentication(_ auth: AuthSpec, _ sub: (String) throws(ResolveError) -> String) throws(ResolveError) -> Authentication? {
        switch auth {
        case .inherit, .none: return nil
        case let .basic(username, password): return .basic(username: try sub(username), password: try sub(password))
        case let .bearer(token): return .bearer(token: try sub(token))
        case let .apiKey(name, value, inQuery): return .apiKey(name: try sub(name), value: try sub(value), in: inQuery ? .query : .header)
        case let .digest(username, password): return .digest(username: try sub(username), password: try sub(password))
        case let .aws(accessKey, secretKey, sessionToken, region, service):
            let token = try sub(sessionToken)
            return .aws(AWSCredentials(accessKey: try sub(accessKey), secretKey: try sub(secretKey), sessionToken: token.isEmpty ? nil : token,
                                       region: try sub(region), service: try sub(service)))
        case let .oauth2(settings):
            // One token per collection and environment (and settings): a login in `dev` is not sent to `prod`.
            let scope = collection.directory + "#" + (environment?.name ?? "")
            return .oauth2(inputs.context.credentials.credential(settings: try settings.mapped(sub), scope: scope, cache: tokenCache))
        }
    }

    private func body(_ sub: (String) throws(ResolveError) -> String) throws(ResolveError) -> ResolvedBody {
        let directory = PathText.deletingLastComponent(request.file)
        func absolute(_ path: String) throws(ResolveError) -> String {
            let resolved = try sub(path)
            let full = resolved.hasPrefix("/") ? resolved : PathText.appending(directory, resolved)
            return (full as NSString).standardizingPath
        }
        switch request.body {
        case .none: return .none
        case let .json(text): return .json(try sub(text))
        case let .text(text, contentType): return .text(try sub(text), contentType: contentType ?? "text/plain; charset=utf-8")
        case let .form(fields):
            var items: [URLQueryItem] = []
            for field in fields where field.enabled { items.append(URLQueryItem(name: try sub(field.name), value: try sub(field.value))) }
            return .form(items)
        case let .multipart(fields):
            var parts: [MultipartField] = []
            for field in fields where field.enabled {
                if let path = field.file {
                    parts.append(MultipartField(name: try sub(field.name), file: try absolute(path),
                                                contentType: field.contentType ?? "application/octet-stream"))
                } else {
                    parts.append(MultipartField(name: try sub(field.name), value: try sub(field.value ?? "")))
                }
            }
            return .multipart(parts)
        case let .file(path, contentType): return .file(path: try absolute(path), contentType: contentType ?? "application/octet-stream")
        // GET carries the query in the URL (see `graphQLQueryItems`); any other method as a JSON object.
        case let .graphql(graphQL): return isGraphQLGet ? .none : .json(try graphQL.payload(sub))
        }
    }

    /// The collection's directory as the boundary of what its files may read without trust.
    public var boundary: CollectionBoundary {
        CollectionBoundary(directory: collection.directory, home: processEnvironment["HOME"] ?? NSHomeDirectory())
    }

    private func requestBody(_ body: ResolvedBody) throws(ResolveError) -> RequestBody? {
        func read(_ full: String) throws(ResolveError) -> Data {
            // A body file outside the collection is uploaded only when the collection is trusted with it; a preview
            // reads none.
            if let outside = boundary.outsideRead(full) {
                guard inputs.readsNow(outside) else { return Data() }
                guard inputs.trust.allows(outside) else {
                    throw .file(path: full, context: "request \(reference)",
                                reason: "it is outside the collection, and the collection is not trusted to read it. \(trustAdvice)")
                }
            }
            guard let data = FileManager.default.contents(atPath: full) else {
                throw .file(path: full, context: "request \(reference)", reason: FileManager.default.fileExists(atPath: full) ? "permission denied" : "no such file")
            }
            return data
        }
        switch body {
        case .none: return nil
        case let .json(text): return .rawJSON(text)
        case let .text(text, contentType): return .text(text, contentType: contentType)
        case let .form(items): return .form(items)
        case let .multipart(fields):
            var form = MultipartFormData()
            for field in fields {
                if let path = field.file {
                    form.add(name: field.name, filename: PathText.lastComponent(path),
                             contentType: field.contentType ?? "application/octet-stream", data: try read(path))
                } else {
                    form.add(name: field.name, value: field.value ?? "")
                }
            }
            return .multipart(form)
        case let .file(path, contentType): return .data(try read(path), contentType: contentType)
        }
    }
}
