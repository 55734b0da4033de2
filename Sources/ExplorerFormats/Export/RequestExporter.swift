import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Writes a resolved request as a command (curl, HTTPie, wget), source code or a `.http` entry, with secrets masked
/// unless asked.
public struct RequestExporter: Sendable {
    /// When true, secret values are written as they are; otherwise as `••••••`.
    public var showSecrets: Bool

    /// Creates an exporter.
    public init(showSecrets: Bool = false) {
        self.showSecrets = showSecrets
    }

    /// The request in `format`, ending with a line break.
    public func export(_ resolved: ResolvedRequest, as format: ExportFormat) -> String {
        let masker = masker(for: resolved)
        // What the code exporters share: values masked, credentials and body laid out as clients take them.
        var request: ExportedRequest { ExportedRequest(resolved, masker: masker, revealsToken: showSecrets) }
        switch format {
        case .curl: return CurlExporter(masker: masker, revealsToken: showSecrets).render(resolved)
        case .swift: return SwiftExporter(masker: masker).render(resolved)
        case .http: return HTTPFileExporter(masker: masker).render(resolved)
        case .python: return PythonExporter(request: request).render()
        case .javascript: return JavaScriptExporter(request: request).render()
        case .httpie: return HTTPieExporter(request: request).render()
        case .wget: return WgetExporter(request: request).render()
        case .java: return JavaExporter(request: request).render()
        case .go: return GoExporter(request: request).render()
        }
    }

    /// A masker for the request's secrets, also as they look percent- or form-encoded in a URL or a form body.
    func masker(for resolved: ResolvedRequest) -> SecretMasker {
        guard !showSecrets else { return SecretMasker(secrets: []) }
        return SecretMasker(secrets: resolved.secretValues)
    }
}
