import ExplorerChecks
import ExplorerCore
import ExplorerFormats
import ExplorerTUI
import Foundation

/// Runs the explorer's export and compare effects off the UI, through the send pipeline, and posts their results to
/// the inbox.
enum ToolEffectRunner {
    /// Starts `effect` if it is an export or a comparison; other effects are the run loop's own.
    static func start(_ effect: AppEffect, inbox: MessageInbox, pipeline: SendPipeline, keyMap: KeyMap) {
        switch effect {
        case let .export(id, resolver, format):
            Task.detached {
                do throws(SendFailure) {
                    // An export is a preview: it reads and runs nothing outside the collection, and shows templates.
                    let resolved = try await pipeline.preview(resolver)
                    inbox.post(.exported(id: id, format: format, text: RequestExporter().export(resolved, as: format)))
                } catch {
                    inbox.post(.toolFailed(id: id, message: error.description))
                }
            }
        case let .compare(id, first, second):
            Task.detached {
                async let firstExchange = pipeline.send(first, evaluating: false)
                async let secondExchange = pipeline.send(second, evaluating: false)
                let (a, b) = await (firstExchange, secondExchange)
                pipeline.recordLater(a)
                pipeline.recordLater(b)
                let masker = SecretMasker(secrets: a.masker.secrets + b.masker.secrets)
                for exchange in [a, b] {
                    guard let failure = exchange.failure else { continue }
                    let text: String
                    if case let .transport(error) = failure {
                        text = "\(exchange.resolver.environment?.name ?? "none"): " + masker.mask(SendEffectRunner.advice(for: error, keyMap: keyMap))
                    } else {
                        text = masker.mask(failure.description)
                    }
                    inbox.post(.toolFailed(id: id, message: text))
                    return
                }
                guard let responseA = a.response, let responseB = b.response else { return }
                let comparison = ResponseComparison(responseA, responseB)
                let lines = comparison.report(firstTitle: ResponseComparison.title(label: a.resolver.environment?.name ?? "none", response: responseA),
                                              secondTitle: ResponseComparison.title(label: b.resolver.environment?.name ?? "none", response: responseB),
                                              masker: masker)
                inbox.post(.compared(id: id, lines: lines))
            }
        default:
            break
        }
    }
}
