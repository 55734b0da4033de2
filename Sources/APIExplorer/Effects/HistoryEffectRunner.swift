import ExplorerChecks
import ExplorerCore
import ExplorerGRPC
import ExplorerHistory
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Runs the explorer's history effects off the UI (listing, opening, replaying, comparing kept exchanges) and posts
/// their results to the inbox. Every read is answered, with nothing when history cannot be read, so the list never
/// waits forever.
enum HistoryEffectRunner {
    /// Starts `effect` if it is a history effect; returns the task of a replay, which can be cancelled like a send.
    @discardableResult
    static func start(_ effect: AppEffect, recorder: HistoryRecorder?, inbox: MessageInbox, demo: DemoServerLauncher, keyMap: KeyMap) -> Task<Void, Never>? {
        switch effect {
        case let .loadHistory(id, query):
            return Task {
                let listed = await recorder?.withStore { store -> Result<([HistoryEntry], [String]), HistoryError>? in
                    Result { () throws(HistoryError) in (try store.entries(matching: query), try store.environments()) }
                }
                switch listed {
                case let .success((entries, environments))?: inbox.post(.historyListed(id: id, entries: entries, environments: environments))
                case let .failure(error)?:
                    inbox.post(.historyListed(id: id, entries: [], environments: []))
                    inbox.post(.reported(.historyUnreadable(reason: error.description)))
                case nil: inbox.post(.historyListed(id: id, entries: [], environments: []))
                }
            }
        case let .openExchange(id, exchangeID):
            return Task {
                let exchange = await recorder?.withStore { try? $0.exchange(id: exchangeID) }
                // The body is indexed here, off the UI.
                inbox.post(.exchangeOpened(id: id, exchange, summary: exchange.flatMap(ResponseSummary.init(past:))))
            }
        case let .loadLatest(id, reference, environment):
            return Task {
                let exchange = await recorder?.withStore { store in
                    (try? store.latest(reference: reference, environment: environment)) ?? (try? store.latest(reference: reference)) ?? nil
                }
                inbox.post(.exchangeOpened(id: id, exchange, summary: exchange.flatMap(ResponseSummary.init(past:))))
            }
        case let .replay(id, exchangeID, resolver):
            return Task.detached { await replay(id: id, exchangeID: exchangeID, resolver: resolver, recorder: recorder, inbox: inbox, demo: demo, keyMap: keyMap) }
        case let .compareExchanges(id, first, second, live):
            return Task {
                let pair = await recorder?.withStore { store -> [HistoryExchange?] in
                    [try? store.exchange(id: first), second.flatMap { try? store.exchange(id: $0) }]
                }
                guard let pair, let a = pair[0] else {
                    inbox.post(.toolFailed(id: id, message: "Exchange #\(first) could not be read from history."))
                    return
                }
                let comparison: HistoryComparison
                if let second {
                    guard let b = pair[1] else {
                        inbox.post(.toolFailed(id: id, message: "Exchange #\(second) could not be read from history."))
                        return
                    }
                    comparison = HistoryComparison(a, b)
                } else if let live {
                    let title = "live  \(live.statusCode) \(live.reason)  \(MeasurementText.duration(live.duration))  \(MeasurementText.byteCount(live.byteCount))"
                    comparison = HistoryComparison(a, secondTitle: title, status: live.statusCode,
                                                   headers: live.headers.map { Header($0.name, $0.value) }, body: live.data)
                } else {
                    inbox.post(.toolFailed(id: id, message: "Nothing to compare #\(first) with."))
                    return
                }
                inbox.post(.compared(id: id, lines: comparison.report()))
            }
        default:
            return nil
        }
    }

    private static func replay(id: Int, exchangeID: Int64, resolver original: RequestResolver?, recorder: HistoryRecorder?,
                               inbox: MessageInbox, demo: DemoServerLauncher, keyMap: KeyMap) async {
        guard let exchange = await recorder?.withStore({ try? $0.exchange(id: exchangeID) }) else {
            inbox.post(.requestFailed(id: id, message: "Exchange #\(exchangeID) could not be read from history."))
            return
        }
        var current: ResolvedRequest?
        var demoBaseURL: URL?
        if let original, let resolver = try? await SendPipeline(demo: demo, history: nil, source: "replay").prepare(original) {
            demoBaseURL = resolver.demoBaseURL
            current = try? resolver.resolve()
        }
        if exchange.request.method == HistoryExchange.grpcMethod {
            return await replayGRPC(id: id, exchange: exchange, current: current, resolver: original, recorder: recorder, inbox: inbox)
        }
        let request: Request
        do { request = try HistoryReplay.request(for: exchange, current: current, demoBaseURL: demoBaseURL) } catch {
            inbox.post(.requestFailed(id: id, message: error.description))
            return
        }
        let secrets = current?.secretValues ?? []
        let sentAt = Date()
        let response: Request.Response?
        let failure: String?
        do {
            let received = try await request.send()
            inbox.post(.responseReceived(id: id, ResponseSummary(received, masker: SecretMasker(secrets: secrets))))
            (response, failure) = (received, nil)
        } catch {
            guard !error.isCancelled else { return }
            let message = SecretMasker(secrets: secrets).mask(SendEffectRunner.advice(for: error, keyMap: keyMap))
            inbox.post(.requestFailed(id: id, message: message))
            (response, failure) = (nil, message)
        }
        guard let recorder else { return }
        recorder.later {
            recorder.record(HistoryExchange.recording(request, secrets: secrets, reference: exchange.reference, environment: exchange.environment,
                                                      response: response, failure: failure, source: "replay", sentAt: sentAt,
                                                      limits: recorder.limits))
        }
    }

    /// A gRPC call from history made again (`GRPCReplay`), shown as the explorer shows a call, kept with source replay.
    private static func replayGRPC(id: Int, exchange: HistoryExchange, current: ResolvedRequest?, resolver: RequestResolver?,
                                   recorder: HistoryRecorder?, inbox: MessageInbox) async {
        let masker = SecretMasker(secrets: current?.secretValues ?? [])
        let invocation: GRPCInvocation
        do { invocation = try GRPCReplay.invocation(for: exchange, current: current, resolver: resolver) } catch {
            inbox.post(.requestFailed(id: id, message: masker.mask(error.description)))
            return
        }
        let done: GRPCExchange
        if let current, let resolver {
            done = await GRPCRequestCall(resolved: current, resolver: resolver, history: recorder, source: "replay").run(invocation)
        } else {
            done = await invocation.run()
        }
        guard !Task.isCancelled else { return }
        guard let status = done.status else {
            inbox.post(.requestFailed(id: id, message: masker.mask(done.failure ?? "the call was not made")))
            return
        }
        inbox.post(.responseReceived(id: id, GRPCExplorerCall.summary(done, status: status, masker: masker)))
    }
}
