import ExplorerCore
import ExplorerFormats
import ExplorerHistory
import ExplorerScripts
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Runs the explorer's sends off the UI through the send pipeline (a request, a request another needs, a replay from
/// history, a copy as curl) and keeps the ones in flight, so a cancel can stop them.
final class SendEffectRunner {
    private let inbox: MessageInbox
    private let demo: DemoServerLauncher
    private let history: HistoryRecorder?
    /// Names the keys in the sentences it posts.
    private let keyMap: KeyMap
    private var sends: [Int: Task<Void, Never>] = [:]
    /// The explorer's one script engine: made with the first request that has a script, kept for the session.
    private let scripts: LazyScriptEngine

    /// A runner posting to `inbox`, starting the demo API when a request needs it and keeping exchanges in `history`.
    init(inbox: MessageInbox, demo: DemoServerLauncher, history: HistoryRecorder?, keyMap: KeyMap, scriptTimeout: Double = 5) {
        scripts = LazyScriptEngine(timeLimit: scriptTimeout)
        self.keyMap = keyMap
        self.inbox = inbox
        self.demo = demo
        self.history = history
    }

    /// Starts `effect` if it is one of these; other effects have their own runners.
    func start(_ effect: AppEffect) {
        switch effect {
        case let .cancel(id):
            sends.removeValue(forKey: id)?.cancel()
        case let .send(id, resolver):
            sends[id] = startSend(id: id, resolver: announcingSecretReads(resolver))
        case let .sendNeed(id, resolver):
            sends[id] = startSend(id: id, resolver: announcingSecretReads(resolver), isNeed: true)
        case let .copyRequest(resolver):
            // Resolved off the UI (the demo API may have to start); the copy itself happens back on the loop.
            let inbox = self.inbox
            let pipeline = SendPipeline(demo: demo, history: nil, source: "explorer")
            Task.detached {
                do throws(SendFailure) {
                    let text = RequestExporter().export(try await pipeline.preview(resolver), as: .curl)
                    inbox.post(.copyReady(text: text, what: "the request as curl (secrets masked)"))
                } catch {
                    inbox.post(.reported(.notCopied(reason: error.description)))
                }
            }
        case let .trustCollection(list):
            // Remembered off the UI, in the state directory.
            let inbox = self.inbox
            Task.detached {
                do throws(SaveError) { try TrustStore.standard().trust(list) } catch {
                    inbox.post(.reported(.trustNotKept(reason: error.description)))
                }
            }
        case let .checkScript(id, text):
            // Checked off the UI: the engine is shared with sends, and a script may be running.
            let inbox = self.inbox
            let scripts = self.scripts
            Task.detached { inbox.post(.scriptChecked(id: id, verdict: scripts.syntaxVerdict(of: text))) }
        case let .replay(id, _, _):
            sends[id] = HistoryEffectRunner.start(effect, recorder: history, inbox: inbox, demo: demo, keyMap: keyMap)
        default:
            break
        }
    }

    /// `resolver` telling the status line which secret is being read (1Password may wait for the user to unlock it).
    private func announcingSecretReads(_ resolver: RequestResolver) -> RequestResolver {
        let inbox = self.inbox
        var announcing = resolver
        announcing.inputs.willReadSecret = { name, reference in
            inbox.post(.reported(.readingSecret(name: name, source: reference.source)))
        }
        return announcing
    }

    /// Stops every send in flight.
    func cancelAll() {
        for task in sends.values { task.cancel() }
    }

    /// Sends a request off the UI through the send pipeline; `isNeed` reports it as a request another needs (its
    /// captures only), else as the response to show with its checks evaluated.
    private func startSend(id: Int, resolver: RequestResolver, isNeed: Bool = false) -> Task<Void, Never> {
        let inbox = self.inbox
        let keyMap = self.keyMap
        var pipeline = SendPipeline(demo: demo, history: history, source: "explorer")
        pipeline.scripts = scripts
        if resolver.request.isGRPC, !isNeed { return GRPCExplorerCall.start(id: id, resolver: resolver, pipeline: pipeline, inbox: inbox) }
        // A need's stream is not shown; the response's events are drawn as they arrive.
        let poster = StreamProgressPoster(id: id, inbox: inbox)
        let keeper = StreamKeeper()
        let show: @Sendable (ResponseStreamPart) -> Void = { part in
            poster.take(part)
            keeper.take(part)
        }
        let onPart = isNeed ? nil : show
        return Task.detached {
            var exchange = await pipeline.send(resolver, onPart: onPart)
            // The scripts' console lines go to the message log (`!`), before the response's own news.
            for line in exchange.console { inbox.post(.reported(.scriptConsole(level: line.level, text: line.text))) }
            if let failure = exchange.failure {
                guard !failure.isCancelled else {
                    // Esc stopped it: what arrived of a stream is kept in history, marked as cancelled by its failure.
                    if exchange.response == nil, let request = exchange.resolved?.request, let kept = keeper.response(to: request) {
                        exchange.response = kept
                        pipeline.recordLater(exchange)
                    }
                    return
                }
                let text: String
                switch failure {
                case .unresolved where !isNeed: text = exchange.failureText.map { $0 + "\nThe request was not sent." } ?? ""
                case let .transport(error) where !isNeed: text = exchange.masker.mask(SendEffectRunner.advice(for: error, keyMap: keyMap))
                default: text = exchange.failureText ?? ""
                }
                inbox.post(isNeed ? .needSent(id: id, reference: resolver.reference, captured: [], failure: text) : .requestFailed(id: id, message: text))
                pipeline.recordLater(exchange)
                return
            }
            guard let response = exchange.response, let outcome = exchange.outcome else { return }
            if isNeed {
                let missing = outcome.checks.filter { if case .capture = $0.check.kind { !$0.passed } else { false } }
                inbox.post(.needSent(id: id, reference: resolver.reference, captured: outcome.captured,
                                     failure: missing.isEmpty ? nil : missing.compactMap(\.reason).joined(separator: "; ")))
            } else {
                // Indexing happens here, off the UI, once per response; lines are formatted only when shown.
                var summary = ResponseSummary(response, masker: exchange.masker)
                summary.checks = outcome.checks
                summary.captured = outcome.captured
                summary.released = outcome.released
                if case .graphql = resolver.request.body {
                    summary.graphQLErrors = GraphQLError.errors(in: response.data).map { error in
                        var masked = error
                        masked.message = exchange.masker.mask(error.message)
                        return masked
                    }
                }
                inbox.post(.responseReceived(id: id, summary))
            }
            // Kept after the response is on its way to the screen, so it never delays the status line or another send.
            pipeline.recordLater(exchange)
        }
    }

    /// The error in words, with what to try: ExplorerCore's sentence already ends with a suggestion, so only the
    /// explorer's own way out is added (it repeated the suggestion in other words after a raw newline).
    static func advice(for error: RequestError, keyMap: KeyMap) -> String {
        switch error.transportFailure {
        case .connectionRefused?:
            return error.localizedDescription + (keyMap.keyLabel(for: .pickEnvironment, focus: .tree).map { " Or press \($0) to pick another environment." } ?? "")
        default: return error.localizedDescription
        }
    }
}
