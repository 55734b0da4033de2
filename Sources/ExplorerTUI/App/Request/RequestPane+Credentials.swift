import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The Auth and Options tabs: credentials (a typed secret goes to `secrets.local.yaml`), inherited headers, timeout
/// and the other options, edited through the value editor.
extension RequestPane {
    /// The editable fields of `auth`: label, value, and whether the value is secret.
    static func authFields(_ auth: AuthSpec) -> [(label: String, value: String, isSecret: Bool)] {
        switch auth {
        case .inherit, .none: return []
        case let .basic(username, password): return [("Username", username, false), ("Password", password, true)]
        case let .bearer(token): return [("Token", token, true)]
        case let .apiKey(name, value, inQuery): return [("Name", name, false), ("Value", value, true), ("In", inQuery ? "query" : "header", false)]
        case let .digest(username, password): return [("Username", username, false), ("Password", password, true)]
        case let .aws(accessKey, secretKey, sessionToken, region, service):
            return [("Access key", accessKey, false), ("Secret key", secretKey, true), ("Session token", sessionToken, true),
                    ("Region", region, false), ("Service", service, false)]
        case let .oauth2(settings): return settings.authFields
        }
    }

    mutating func openAuthKindPicker() {
        guard let request = selectedRequest?.located.request else { return }
        context.modal = .dialog(.picker(ListPicker(title: " Credentials ", options: ["inherit", "none", "basic", "bearer", "apikey", "digest", "aws", "oauth2"],
                                    selected: request.auth.typeName, purpose: .authKind)))
    }

    /// Switches the credentials' kind, keeping what carries over (a secret value moves to the new kind's secret, a
    /// user name between basic and digest).
    mutating func setAuthKind(_ kind: String) {
        editSelected { request in
            let secret = RequestPane.authFields(request.auth).first(where: \.isSecret)?.value ?? ""
            var username = ""
            if case let .basic(name, _) = request.auth { username = name }
            if case let .digest(name, _) = request.auth { username = name }
            switch kind {
            case "inherit": request.auth = .inherit
            case "none": request.auth = .none
            case "basic": if case .basic = request.auth {} else { request.auth = .basic(username: username, password: secret) }
            case "bearer": if case .bearer = request.auth {} else { request.auth = .bearer(token: secret) }
            case "apikey": if case .apiKey = request.auth {} else { request.auth = .apiKey(name: "X-API-Key", value: secret, inQuery: false) }
            case "digest": if case .digest = request.auth {} else { request.auth = .digest(username: username, password: secret) }
            case "aws":
                if case .aws = request.auth {} else {
                    request.auth = .aws(accessKey: "", secretKey: secret, sessionToken: "", region: "us-east-1", service: "execute-api")
                }
            case "oauth2":
                if case .oauth2 = request.auth {} else {
                    request.auth = .oauth2(OAuth2Spec(grant: .clientCredentials, tokenURL: "", clientSecret: secret))
                }
            default: break
            }
        }
        requestEditor.selection = min(1, rowCount - 1)
        status = "Credentials: \(kind)\(pressToSave)."
    }

    /// Edit or toggle the Auth row under the cursor (row 0 is the kind).
    mutating func authAction(_ action: AppAction) {
        guard let request = selectedRequest?.located.request else { return }
        let fields = RequestPane.authFields(request.auth)
        let index = requestEditor.selection - 1
        if requestEditor.selection == 0 || !fields.indices.contains(index) { return openAuthKindPicker() }
        let field = fields[index]
        if field.label == "In" || action == .toggleRow {
            guard case let .apiKey(name, value, inQuery) = request.auth else {
                status = "Space switches an API key between header and query."
                return
            }
            editSelected { $0.auth = .apiKey(name: name, value: value, inQuery: !inQuery) }
            return
        }
        requestEditor.edit = .value(ValueEditor(target: .authField(index), label: field.label + ": ", field: TextField(text: field.value), isSecret: field.isSecret))
    }

    /// Edit or toggle the Options row under the cursor: timeout, follow redirects, verify TLS.
    mutating func optionsAction(_ action: AppAction) {
        guard let request = selectedRequest?.located.request else { return }
        switch requestEditor.selection {
        case 0:
            let text = request.timeoutText ?? ""
            requestEditor.edit = .value(ValueEditor(target: .timeout, label: "Timeout (s): ", field: TextField(text: text, placeholder: "default"), isSecret: false))
        case 1:
            editSelected { $0.followRedirects = RequestPane.cycled($0.followRedirects) }
        case 2:
            editSelected { $0.verifyTLS = RequestPane.cycled($0.verifyTLS) }
        default:
            guard !request.omittedHeaders.isEmpty else {
                status = "No inherited header is off; Space on one in the Headers tab switches it off for this request."
                return
            }
            editSelected { $0.omittedHeaders = [] }
            status = "Inherited headers are sent again\(pressToSave)."
        }
    }

    /// default → off → on → default.
    private static func cycled(_ value: Bool?) -> Bool? {
        switch value {
        case nil: return false
        case false?: return true
        case true?: return nil
        }
    }

    /// Keys while an Auth or Options value (or a body file path) is edited: Enter applies, Esc cancels.
    mutating func handleValueEditor(_ key: Key) -> [AppEffect] {
        guard var editor = requestEditor.edit?.value else { return [] }
        switch keyMap.action(for: key, in: .valueEditor) {
        case .cancel?:
            requestEditor.edit = nil
        case .confirm?:
            let text = editor.field.text
            switch editor.target {
            case .timeout:
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty {
                    editSelected { $0.timeout = nil }
                } else {
                    guard let seconds = Double(trimmed), seconds > 0, seconds.isFinite else {
                        status = "The timeout is a number of seconds above 0 (such as 2.5), or empty for the default. Esc cancels."
                        return []
                    }
                    editSelected { $0.timeout = seconds }
                }
            case .bodyFile:
                let path = text.trimmingCharacters(in: .whitespaces)
                guard !path.isEmpty else {
                    status = "A file body needs a path (relative to the request file). Esc cancels."
                    return []
                }
                editSelected { request in
                    if case let .file(_, contentType) = request.body { request.body = .file(path: path, contentType: contentType) }
                }
            case let .checkRow(index):
                guard checkRowEdited(text, at: index) else { return [] }
                requestEditor.edit = nil
                return []
            case let .scriptFile(phase):
                guard scriptFileEdited(text, phase: phase) else { return [] }
                requestEditor.edit = nil
                return []
            case let .authField(index):
                if editor.keepsInSecretsFile {
                    requestEditor.edit = nil
                    return storeSecret(text, field: index, label: editor.label)
                }
                editSelected { request in request.auth = RequestPane.setting(authField: index, to: text, in: request.auth) }
            }
            requestEditor.edit = nil
            status = "\(editor.label.trimmingCharacters(in: CharacterSet(charactersIn: ": "))) set\(pressToSave)."
        case .complete? where editor.isSecret:
            editor.keepsInSecretsFile.toggle()
            requestEditor.edit = .value(editor)
        default:
            editor.field.handle(key)
            requestEditor.edit = .value(editor)
        }
        return []
    }

    /// Puts a typed secret in the collection's `secrets.local.yaml` for the active environment, and a `{{variable}}`
    /// naming it in the request, so the value never lands in the request file.
    private mutating func storeSecret(_ value: String, field index: Int, label: String) -> [AppEffect] {
        guard let selected = selectedRequest else { return [] }
        guard let environment = context.resolver?.environment else {
            status = "This collection has no environment to keep the secret in; it stays in the request."
            editSelected { request in request.auth = RequestPane.setting(authField: index, to: value, in: request.auth) }
            return []
        }
        let field = label.trimmingCharacters(in: CharacterSet(charactersIn: ": ")).lowercased().replacingOccurrences(of: " ", with: "-")
        let variable = "\(selected.located.request.slug)-\(field)"
        editSelected { request in request.auth = RequestPane.setting(authField: index, to: "{{\(variable)}}", in: request.auth) }
        status = "Keeping the secret as {{\(variable)}} in secrets.local.yaml (\(environment.name))…"
        return [.storeSecret(directory: selected.collection.directory, environment: environment.name, variable: variable, value: value)]
    }

    private static func setting(authField index: Int, to value: String, in auth: AuthSpec) -> AuthSpec {
        switch (auth, index) {
        case let (.basic(_, password), 0): return .basic(username: value, password: password)
        case let (.basic(username, _), 1): return .basic(username: username, password: value)
        case (.bearer, 0): return .bearer(token: value)
        case let (.apiKey(_, key, inQuery), 0): return .apiKey(name: value, value: key, inQuery: inQuery)
        case let (.apiKey(name, _, inQuery), 1): return .apiKey(name: name, value: value, inQuery: inQuery)
        case let (.digest(_, password), 0): return .digest(username: value, password: password)
        case let (.digest(username, _), 1): return .digest(username: username, password: value)
        case let (.aws(accessKey, secretKey, sessionToken, region, service), _):
            var fields = [accessKey, secretKey, sessionToken, region, service]
            guard fields.indices.contains(index) else { return auth }
            fields[index] = value
            return .aws(accessKey: fields[0], secretKey: fields[1], sessionToken: fields[2], region: fields[3], service: fields[4])
        case let (.oauth2(settings), _):
            let fields = settings.authFields
            guard fields.indices.contains(index) else { return auth }
            return .oauth2(settings.setting(fields[index].label, to: value))
        default: return auth
        }
    }
}
