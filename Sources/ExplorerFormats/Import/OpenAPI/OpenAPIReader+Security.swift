import ExplorerCore
import ExplorerWorkspace

/// Security schemes and requirements as auth, with a secret variable per credential.
extension OpenAPIReader {
    /// The credentials a `security` list asks for: the first requirement whose first scheme converts (an empty list,
    /// or an empty requirement first, asks for none). What is left out is reported at `place`.
    package mutating func auth(for security: OpenAPINode, place: String) -> OpenAPIAuth {
        guard security.value.items != nil else {
            report.add(place, "expected a list of security requirements, found \(security.value.kindName); not converted")
            return OpenAPIAuth(auth: .inherit)
        }
        for requirement in security.items {
            let names = requirement.members.map(\.key)
            guard let first = names.first else { return OpenAPIAuth(auth: .none) }
            guard var converted = scheme(named: first, place: references.place(requirement)) else { continue }
            // An OAuth requirement names the scopes this operation needs; the token is asked for those.
            if case var .oauth2(spec) = converted.auth, let scopes = requirement[first]?.items {
                spec.scope = scopes.compactMap(\.text).joined(separator: " ")
                converted.auth = .oauth2(spec)
            }
            if names.count > 1 {
                report.add(references.place(requirement), "schemes required together (\(names.joined(separator: ", "))): only '\(first)' is set as auth; add the others as headers by hand")
            }
            return converted
        }
        if !security.items.isEmpty {
            report.add(place, "none of the security schemes could be converted, so no credentials are sent; set auth by hand")
        }
        return OpenAPIAuth(auth: .none)
    }

    /// The auth of the scheme `name` (made once), or nil when it has no equivalent, which is reported once.
    private mutating func scheme(named name: String, place: String) -> OpenAPIAuth? {
        if let known = schemes[name] { return known }
        let container = isSwagger ? document["securityDefinitions"] : document["components"]?["securitySchemes"]
        guard let declared = container?[name] else {
            references.note(place, "security scheme '\(TerminalSafeText.sanitize(name))' is not defined; not converted", report: &report)
            return nil
        }
        guard let scheme = references.resolve(declared, report: &report) else { return nil }
        let variable = Self.variableName(name)
        let type = scheme["type"]?.text ?? ""
        let made: OpenAPIAuth?
        switch (type, (scheme["scheme"]?.text ?? "").lowercased()) {
        case ("http", "bearer"):
            made = OpenAPIAuth(auth: .bearer(token: "{{\(variable)}}"))
            addSecret(variable)
        case ("http", "basic"), ("basic", _):
            made = OpenAPIAuth(auth: .basic(username: "{{\(variable)_username}}", password: "{{\(variable)_password}}"))
            addVariable(Variable(name: variable + "_username", value: ""))
            addSecret(variable + "_password")
        case ("http", "digest"):
            made = OpenAPIAuth(auth: .digest(username: "{{\(variable)_username}}", password: "{{\(variable)_password}}"))
            addVariable(Variable(name: variable + "_username", value: ""))
            addSecret(variable + "_password")
        case ("apiKey", _):
            let keyName = scheme["name"]?.text ?? ""
            let location = scheme["in"]?.text ?? ""
            guard KeyValue.isValidHeaderName(keyName) || location == "query" && !keyName.isEmpty else {
                report.add(references.place(scheme), "API key scheme '\(TerminalSafeText.sanitize(name))' has no usable 'name'; not converted")
                made = nil
                break
            }
            switch location {
            case "header": made = OpenAPIAuth(auth: .apiKey(name: keyName, value: "{{\(variable)}}", inQuery: false))
            case "query": made = OpenAPIAuth(auth: .apiKey(name: keyName, value: "{{\(variable)}}", inQuery: true))
            case "cookie": made = OpenAPIAuth(auth: .inherit, headers: [KeyValue("Cookie", "\(keyName)={{\(variable)}}")])
            default:
                report.add(references.place(scheme), "API key scheme '\(TerminalSafeText.sanitize(name))' is sent in '\(TerminalSafeText.sanitize(location))', which is not header, query or cookie; not converted")
                made = nil
            }
            if made != nil { addSecret(variable) }
        case ("oauth2", _):
            made = oauth2(scheme, name: name, variable: variable)
        case ("openIdConnect", _):
            let discovery = TerminalSafeText.sanitize(scheme["openIdConnectUrl"]?.text ?? "")
            report.add(references.place(scheme), "OpenID Connect scheme '\(TerminalSafeText.sanitize(name))' is not converted: its token URL is only in the discovery document (\(discovery)), which import does not fetch; set auth kind oauth2 with that document's token_endpoint by hand")
            made = nil
        default:
            report.add(references.place(scheme), "security scheme '\(TerminalSafeText.sanitize(name))' of type '\(TerminalSafeText.sanitize(type))' is not supported; not converted")
            made = nil
        }
        schemes[name] = .some(made)
        return made
    }

    /// An OAuth 2.0 scheme as `oauth2` auth: the first of its flows apiexplorer has a grant for (authorization code,
    /// client credentials, password; OpenAPI 3 `flows` or Swagger 2.0 `flow`), the client's id and secret as variables.
    /// The implicit flow has no grant here and is reported.
    private mutating func oauth2(_ scheme: OpenAPINode, name: String, variable: String) -> OpenAPIAuth? {
        // (grant, the flow's settings) for each flow declared, in the order tried.
        var flows: [(OAuth2Grant, String, OpenAPINode)] = []
        if isSwagger {
            let grants = ["accessCode": OAuth2Grant.authorizationCode, "application": .clientCredentials, "password": .password]
            if let flow = scheme["flow"]?.text, let grant = grants[flow] { flows.append((grant, flow, scheme)) }
        } else if let declared = scheme["flows"] {
            for (key, grant) in [("authorizationCode", OAuth2Grant.authorizationCode), ("clientCredentials", .clientCredentials), ("password", .password)] {
                if let flow = declared[key] { flows.append((grant, key, flow)) }
            }
        }
        guard let (grant, flowName, flow) = flows.first else {
            report.add(references.place(scheme), "OAuth 2.0 scheme '\(TerminalSafeText.sanitize(name))' declares no authorization code, client credentials or password flow (the implicit flow is not supported); not converted")
            return nil
        }
        if flows.count > 1 {
            report.add(references.place(scheme), "OAuth 2.0 scheme '\(TerminalSafeText.sanitize(name))' declares the flows \(flows.map(\.1).joined(separator: ", ")): the \(flowName) flow is used; change grant: by hand for another")
        }
        var spec = OAuth2Spec(grant: grant, tokenURL: flow["tokenUrl"]?.text ?? "", authorizationURL: flow["authorizationUrl"]?.text ?? "",
                              clientId: "{{\(variable)_client_id}}", clientSecret: "{{\(variable)_client_secret}}")
        if grant == .password {
            spec.username = "{{\(variable)_username}}"
            spec.password = "{{\(variable)_password}}"
        }
        // A request file the loader would refuse must not be written: the whole collection would fail to load.
        let missing = spec.missingRequiredKeys.map { $0 == "tokenURL" ? "tokenUrl" : $0 == "authorizationURL" ? "authorizationUrl" : $0 }
        guard missing.isEmpty else {
            report.add(references.place(flow), "OAuth 2.0 scheme '\(TerminalSafeText.sanitize(name))': its \(flowName) flow has no \(missing.joined(separator: " or ")); not converted")
            return nil
        }
        addVariable(Variable(name: variable + "_client_id", value: ""))
        addSecret(variable + "_client_secret")
        if grant == .password {
            addVariable(Variable(name: variable + "_username", value: ""))
            addSecret(variable + "_password")
        }
        return OpenAPIAuth(auth: .oauth2(spec))
    }

    /// A secret variable for every environment, empty until filled in `secrets.local.yaml`.
    private mutating func addSecret(_ name: String) {
        addVariable(Variable(name: name, value: "", secret: true))
    }

    private mutating func addVariable(_ variable: Variable) {
        guard !secretVariables.contains(where: { $0.name == variable.name }) else { return }
        secretVariables.append(variable)
    }

    /// A scheme or parameter name as a variable name: letters, digits, `_`, `-` and `.`, others as `_`.
    package static func variableName(_ name: String) -> String {
        let cleaned = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." ? $0 : "_" })
        return cleaned.isEmpty ? "value" : cleaned
    }
}
