import ExplorerChecks
import ExplorerCore
import Foundation

extension SentExchange {
    /// The exchange as a run reports it: the response's checks and captures, or why it was not sent (masked).
    var runOutcome: RequestOutcome {
        if let outcome { return outcome }
        let request = resolver.request
        guard let failure else {
            return RequestOutcome(reference: resolver.reference, name: request.name, status: response?.statusCode,
                                  duration: response?.duration ?? 0)
        }
        let verb: String
        switch failure {
        case .unresolved: verb = "could not be resolved"
        case .untrusted, .script: verb = "was not sent"
        case .demoUnavailable, .transport: verb = "could not be sent"
        }
        return RequestOutcome(reference: resolver.reference, name: request.name, error: "\(verb): " + masker.mask(failure.description))
    }
}
