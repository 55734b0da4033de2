import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes what sending a request does to the request's logger, at debug level, with its secrets redacted or masked.
struct RequestLog: Sendable {
    let request: Request

    /// Logs attempt `attempt` of the request as it is about to be sent.
    func sending(_ urlRequest: URLRequest, attempt: Int) {
        guard let logger = request.hooks.logger else { return }
        let redactor = SecretRedactor()
        var headers = HTTPHeaders()
        for (name, value) in (urlRequest.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name, redactor.redact(name: name, value: value))
        }
        let url = urlRequest.url.map { redactor.redact(url: $0) } ?? ""
        let masker = SecretMasker(secrets: request.hooks.maskedValues)
        logger.debug("\(masker.mask("→ \(request.httpMethod.rawValue) \(url) (attempt \(attempt))"))",
                     metadata: ["headers": .string(masker.mask(headers.fields.map(\.description).joined(separator: "; ")))])
    }

    /// Logs `text` with the request's secret values masked, when there is a logger.
    func debug(_ text: @autoclosure () -> String) {
        guard let logger = request.hooks.logger else { return }
        let masked = SecretMasker(secrets: request.hooks.maskedValues).mask(text())
        logger.debug("\(masked)")
    }
}
