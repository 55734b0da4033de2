import ExplorerCore
import ExplorerTUI
import Foundation

/// Runs the explorer's export and compare effects off the UI and posts their results to the inbox.
enum ToolEffectRunner {
    /// Starts `effect` if it is an export or a comparison; other effects are the run loop's own.
    static func start(_ effect: AppEffect, inbox: MessageInbox, demo: DemoServerLauncher, history: HistoryRecorder? = nil) {
        switch effect {
        case let .export(id, resolver, format):
            Task.detached {
                do {
                    let resolved = try await resolve(resolver, demo: demo)
                    inbox.post(.exported(id: id, format: format, text: RequestExporter().export(resolved, as: format)))
                } catch {
                    inbox.post(.toolFailed(id: id, message: "\(error)"))
                }
            }
        case let .compare(id, first, second):
            Task.detached {
                do {
                    let a = try await resolve(first, demo: demo)
                    let b = try await resolve(second, demo: demo)
                    let masker = SecretMasker(secrets: a.secretValues + b.secretValues)
                    let sentAt = Date()
                    async let firstResponse = response(a, masker: masker)
                    async let secondResponse = response(b, masker: masker)
                    let (responseA, responseB) = try await (firstResponse, secondResponse)
                    history?.later {
                        history?.record(a, response: responseA, failure: nil, source: "explorer", sentAt: sentAt)
                        history?.record(b, response: responseB, failure: nil, source: "explorer", sentAt: sentAt)
                    }
                    let comparison = ResponseComparison(responseA, responseB)
                    let lines = comparison.report(firstTitle: ResponseComparison.title(label: a.environment?.name ?? "none", response: responseA),
                                                  secondTitle: ResponseComparison.title(label: b.environment?.name ?? "none", response: responseB),
                                                  masker: masker)
                    inbox.post(.compared(id: id, lines: lines))
                } catch {
                    inbox.post(.toolFailed(id: id, message: "\(error)"))
                }
            }
        default:
            break
        }
    }

    private static func resolve(_ original: RequestResolver, demo: DemoServerLauncher) async throws -> ResolvedRequest {
        var resolver = original
        if resolver.environment?.usesBuiltInDemo == true {
            guard let url = try? await demo.baseURL() else { throw ToolFailure("The built-in demo API could not start.") }
            resolver.demoBaseURL = url
        }
        do { return try resolver.resolve() } catch { throw ToolFailure(error.description) }
    }

    private static func response(_ resolved: ResolvedRequest, masker: SecretMasker) async throws -> Request.Response {
        do { return try await resolved.request.send() } catch {
            let name = resolved.environment?.name ?? "none"
            throw ToolFailure("\(name): " + masker.mask(ExplorerRunLoop.advice(for: error)))
        }
    }
}
