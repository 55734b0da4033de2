import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request: CustomReflectable {
    /// What `dump`, debuggers and test frameworks show: the request's values, never its URLSession.
    ///
    /// A default mirror walks every stored field, including the shared URLSession, whose internals other threads
    /// change while requests run; reading them from a mirror races and can crash the process on Linux.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "method": httpMethod.rawValue,
            "url": url.map { SecretRedactor().redact(url: $0) } ?? baseURLString,
            "headers": SecretRedactor().redact(effectiveHeaders).fields.map { "\($0.name): \($0.value)" },
            "body": body?.contentType ?? "none",
        ], displayStyle: .struct)
    }
}
