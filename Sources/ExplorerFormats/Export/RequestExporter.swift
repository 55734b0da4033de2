import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Writes a resolved request as a curl command, Swift source or a `.http` entry, with secrets masked unless asked.
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
        switch format {
        case .curl: return CurlExporter(masker: masker, revealsToken: showSecrets).render(resolved)
        case .swift: return SwiftExporter(masker: masker).render(resolved)
        case .http: return HTTPFileExporter(masker: masker).render(resolved)
        }
    }

    /// A masker for the request's secrets, also as they look percent- or form-encoded in a URL or a form body.
    func masker(for resolved: ResolvedRequest) -> SecretMasker {
        guard !showSecrets else { return SecretMasker(secrets: []) }
        return SecretMasker(secrets: resolved.secretValues)
    }
}
