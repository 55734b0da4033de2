import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Writes a resolved request as a curl command for a POSIX shell: one option per line, every word quoted.
struct CurlExporter {
    /// Hides secret values; applied to each value before it is quoted, so quoting cannot split a secret.
    var masker: SecretMasker
    /// `--show-secrets`: the OAuth 2.0 token held (cached by `auth` or an earlier send) is written as it is.
    var revealsToken = false

    /// The command, ending with a line break.
    func render(_ resolved: ResolvedRequest) -> String {
        let request = resolved.request
        let method = request.httpMethod.rawValue
        let body = bodyOptions(resolved.body)
        let hasBody = !body.isEmpty
        var first = ["curl"]
        if method == "HEAD" {
            first.append("--head")
        } else if !(method == "GET" && !hasBody) && !(method == "POST" && hasBody) {
            // Without -X curl sends GET, or POST once there is a body.
            first += ["-X", ShellQuote.quote(method)]
        }
        first.append(ShellQuote.quote(masker.mask(request.url?.absoluteString ?? request.baseURLString)))
        var options: [String] = []
        // -u writes basic credentials, and -d the form content type.
        for header in ExportedRequest.headers(of: resolved, keepingFormType: false) {
            // `Name:` with nothing after it tells curl to remove the header; `Name;` sends it empty.
            let line = header.value.isEmpty ? "\(header.name);" : "\(header.name): \(masker.mask(header.value))"
            options.append("-H " + ShellQuote.quote(line))
        }
        switch request.authentication {
        case let .basic(username, password)?:
            options.append("-u " + ShellQuote.quote(masker.mask(username) + ":" + masker.mask(password)))
        case let .digest(username, password)?:
            options.append("--digest -u " + ShellQuote.quote(masker.mask(username) + ":" + masker.mask(password)))
        case let .aws(credentials)?:
            // curl signs with the key pair given as the user; the session token is a header it signs like any other.
            let provider = "aws:amz:\(masker.mask(credentials.region)):\(masker.mask(credentials.service))"
            options.append("--aws-sigv4 " + ShellQuote.quote(provider))
            options.append("-u " + ShellQuote.quote(masker.mask(credentials.accessKey) + ":" + masker.mask(credentials.secretKey)))
            if let token = credentials.sessionToken, !token.isEmpty {
                options.append("-H " + ShellQuote.quote("X-Amz-Security-Token: " + masker.mask(token)))
            }
        case let .oauth2(credential)?:
            // Masked unless asked for, as every secret is; with none held, `apiexplorer auth REF --print-token` gets one.
            let token = revealsToken ? credential.currentToken?.accessToken ?? SecretMasker.mask : SecretMasker.mask
            options.append("-H " + ShellQuote.quote("Authorization: Bearer " + token))
        default:
            break
        }
        options += body
        if request.configuration.followRedirects { options.append("-L") }
        return ([first.joined(separator: " ")] + options.map { "  " + $0 }).joined(separator: " \\\n") + "\n"
    }

    private func bodyOptions(_ body: ResolvedBody) -> [String] {
        switch body {
        case .none:
            return []
        case let .json(text), let .text(text, _):
            return ["--data-raw " + ShellQuote.quote(masker.mask(text))]
        case let .form(items):
            // curl encodes the part after the first `=`; the name must arrive encoded already.
            // A space becomes `+`, as curl writes it in values and as `send` writes the whole body.
            return items.map { item in
                let name = QueryEncoding.encode(masker.mask(item.name)).replacingOccurrences(of: "%20", with: "+")
                return "--data-urlencode " + ShellQuote.quote(name + "=" + masker.mask(item.value ?? ""))
            }
        case let .multipart(fields):
            return fields.map { field in
                if let path = field.file {
                    var spec = "\(masker.mask(field.name))=@\(CurlExporter.formFileName(masker.mask(path)))"
                    if let type = field.contentType { spec += ";type=\(type)" }
                    return "-F " + ShellQuote.quote(spec)
                }
                // --form-string takes the value literally: a leading @ or < and ";type=" mean nothing there.
                return "--form-string " + ShellQuote.quote("\(masker.mask(field.name))=\(masker.mask(field.value ?? ""))")
            }
        case let .file(path, _):
            return ["--data-binary " + ShellQuote.quote("@" + masker.mask(path))]
        }
    }

    /// A -F file name, double-quoted when it holds characters curl would read as separators.
    static func formFileName(_ path: String) -> String {
        guard path.contains(where: { ";,\"\\".contains($0) }) else { return path }
        return "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
