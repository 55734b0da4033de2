import ExplorerCore
import ExplorerWorkspace
import Foundation

/// A resolved request as the code exporters write it (Python, JavaScript, HTTPie, wget, Java, Go): every value masked,
/// the body as text or parts, and credentials either as headers or as what the client works out itself.
struct ExportedRequest {
    /// How the request proves who it is, beyond its headers.
    enum Credentials {
        /// None, or already a header (bearer, API key, OAuth 2.0).
        case none
        /// Basic: the client encodes it, so a masked password stays readable as masked.
        case basic(username: String, password: String)
        /// Digest: answered from the server's challenge by the clients that can.
        case digest(username: String, password: String)
        /// AWS Signature V4, which none of the exported clients sign on their own.
        case aws
    }

    /// One part of a multipart body.
    struct Part {
        /// The field name.
        var name: String
        /// The text value, for a text part.
        var value: String?
        /// The absolute path of the file, for a file part.
        var path: String?
        /// The file name sent for a file part.
        var filename: String
        /// The content type sent for a file part, as `send` sends it.
        var contentType: String

        /// The `Content-Disposition` value `send` writes for the part, for clients that frame the parts themselves.
        var disposition: String {
            // Quotes and line breaks would end the quoted parameter early; `send` percent-encodes them, as browsers do.
            func quoted(_ value: String) -> String {
                value.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
            }
            return "form-data; name=\"\(quoted(name))\"" + (path == nil ? "" : "; filename=\"\(quoted(filename))\"")
        }
    }

    /// The body.
    enum Body {
        /// No body.
        case none
        /// Bytes given as text: JSON, text, or a form already encoded as `send` encodes it.
        case text(String)
        /// A multipart form; the client picks the boundary and sets the content type.
        case multipart([Part])
        /// The bytes of the file at this absolute path.
        case file(String)
    }

    /// The method.
    var method: String
    /// The URL with its query, encoded as `send` sends it.
    var url: String
    /// The headers, in order, less `Authorization` for basic credentials and a multipart body's content type.
    var headers: [Header]
    /// The credentials the client is to work out.
    var credentials: Credentials
    /// The body.
    var body: Body
    /// Whether redirects are followed.
    var followsRedirects: Bool
    /// The reference and environment, for a comment at the top.
    var title: String

    /// `resolved` with every value passed through `masker`; an OAuth 2.0 token is written only when `revealsToken`.
    init(_ resolved: ResolvedRequest, masker: SecretMasker, revealsToken: Bool) {
        let request = resolved.request
        method = request.httpMethod.rawValue
        url = masker.mask(request.url?.absoluteString ?? request.baseURLString)
        followsRedirects = request.configuration.followRedirects
        title = (resolved.reference.isEmpty ? "A request" : resolved.reference)
            + (resolved.environment.map { " (environment \($0.name))" } ?? "")
        headers = ExportedRequest.headers(of: resolved).map { Header($0.name, masker.mask($0.value)) }
        switch request.authentication {
        case let .basic(username, password)?: credentials = .basic(username: masker.mask(username), password: masker.mask(password))
        case let .digest(username, password)?: credentials = .digest(username: masker.mask(username), password: masker.mask(password))
        case .aws?: credentials = .aws
        case let .oauth2(credential)?:
            // Masked unless asked for, as every secret is; with none held, `apiexplorer auth REF --print-token` gets one.
            let token = revealsToken ? credential.currentToken?.accessToken ?? SecretMasker.mask : SecretMasker.mask
            headers.append(Header("Authorization", "Bearer " + token))
            credentials = .none
        default: credentials = .none
        }
        switch resolved.body {
        case .none: body = .none
        case let .json(text), let .text(text, _): body = .text(masker.mask(text))
        case let .form(items): body = .text(masker.mask(QueryEncoding.formEncode(items)))
        case let .multipart(fields):
            body = .multipart(fields.map { field in
                Part(name: masker.mask(field.name), value: field.file == nil ? masker.mask(field.value ?? "") : nil,
                     path: field.file.map(masker.mask), filename: masker.mask(PathText.lastComponent(field.file ?? "")),
                     contentType: field.contentType ?? "application/octet-stream")
            })
        case let .file(path, _): body = .file(masker.mask(path))
        }
    }

    /// The headers a client is given: what the request sends, less what the client writes itself (basic credentials
    /// it encodes, the form and multipart content types that carry its own boundary or that curl's -d sets).
    static func headers(of resolved: ResolvedRequest, keepingFormType: Bool = true) -> [Header] {
        let request = resolved.request
        let bodyType = request.body?.contentType
        return request.effectiveHeaders.fields.filter { header in
            let name = header.name.lowercased()
            if name == "authorization", case .basic? = request.authentication { return false }
            if name == "content-type" {
                if case .multipart = resolved.body, header.value == bodyType { return false }
                if !keepingFormType, case .form = resolved.body, header.value == bodyType { return false }
            }
            return true
        }
    }

    /// Every distinct value in `headers` with its name, joined with `, ` when a name repeats: for clients that keep
    /// headers in a dictionary. Servers read a repeated header and the joined one alike (RFC 9110, 5.3).
    var mergedHeaders: [Header] {
        var merged: [Header] = []
        for header in headers {
            if let index = merged.firstIndex(where: { $0.name.lowercased() == header.name.lowercased() }) {
                merged[index] = Header(merged[index].name, merged[index].value + ", " + header.value)
            } else {
                merged.append(header)
            }
        }
        return merged
    }

    /// A note for credentials the client cannot work out, or nil.
    func unsupportedCredentials(_ client: String, digest: Bool) -> String? {
        switch credentials {
        case .aws: return "AWS Signature V4: \(client) does not sign requests; sign it before sending (or use `apiexplorer export curl`)."
        case .digest where !digest: return "Digest authentication: \(client) does not answer the challenge (use `apiexplorer export curl`)."
        default: return nil
        }
    }
}
