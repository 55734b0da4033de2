import ExplorerCore
import ExplorerFormats
import Foundation

/// The credentials a captured request carries, each with the secret variable that stands for it in a saved request.
enum CaptureCredentials {
    /// A credential: its variable and its value.
    struct Credential: Equatable {
        let variable: String
        let value: String
    }

    /// `Authorization`, `Cookie` and every header or query parameter whose name says it holds a secret.
    static func found(in exchange: CapturedExchange, query: [URLQueryItem]) -> [Credential] {
        var found: [Credential] = []
        for header in exchange.request.headers where CapturedRequest.isSecretHeader(header.name) {
            let credential = CapturedRequest.credential(in: header)
            found.append(Credential(variable: credential.variable, value: credential.value))
        }
        for item in query where CapturedRequest.isSecretParameter(item.name) {
            found.append(Credential(variable: CapturedRequest.variableName(item.name), value: item.value.map { $0.removingPercentEncoding ?? $0 } ?? ""))
        }
        for secret in CapturedRequest.bodySecrets(exchange.requestBody, contentType: exchange.request.headers["Content-Type"]) {
            found.append(Credential(variable: CapturedRequest.variableName(secret.name), value: secret.value))
        }
        return found
    }
}
