import ExplorerCore
import ExplorerHistory
import ExplorerTUI
import Foundation

/// Runs the explorer's history effects off the UI (listing, opening, replaying, comparing kept exchanges) and posts
/// their results to the inbox.
enum HistoryEffectRunner {
    /// Starts `effect` if it is a history effect; returns the task of a replay, which can be cancelled like a send.
    @discardableResult
    static func start(_ effect: AppEffect, recorder: HistoryRecorder?, inbox: MessageInbox, demo: DemoServerLauncher) -> Task<Void, Never>? {
        switch effect {
        case let .loadHistory(id, query):
            return Task.detached {
                guard let store = recorder?.open() else { return }
                do {
                    inbox.post(.historyListed(id: id, entries: try store.entries(matching: query), environments: try store.environments()))
                } catch {
                    inbox.post(.historyProblem("\(error)"))
                }
            }
        case let .openExchange(id, exchangeID):
            return Task.detached {
                guard let store = recorder?.open() else { return }
                do { inbox.post(.exchangeOpened(id: id, try store.exchange(id: exchangeID))) } catch {
                    inbox.post(.historyProblem("\(error)"))
                }
            }
        case let .loadLatest(id, reference, environment):
            return Task.detached {
                guard let store = recorder?.open() else { return }
                do {
                    let exchange = try store.latest(reference: reference, environment: environment) ?? store.latest(reference: reference)
                    inbox.post(.exchangeOpened(id: id, exchange))
                } catch {
                    inbox.post(.historyProblem("\(error)"))
                }
            }
        case let .replay(id, exchangeID, resolver):
            return Task.detached { await replay(id: id, exchangeID: exchangeID, resolver: resolver, recorder: recorder, inbox: inbox, demo: demo) }
        case let .compareExchanges(id, first, second, live):
            return Task.detached {
                guard let store = recorder?.open() else { return }
                do {
                    guard let a = try store.exchange(id: first) else { throw ToolFailure("Exchange #\(first) is no longer in history.") }
                    let comparison: HistoryComparison
                    if let second {
                        guard let b = try store.exchange(id: second) else { throw ToolFailure("Exchange #\(second) is no longer in history.") }
                        comparison = HistoryComparison(a, b)
                    } else if let live {
                        let title = "live  \(live.statusCode) \(live.reason)  \(MeasurementText.duration(live.duration))  \(MeasurementText.byteCount(live.byteCount))"
                        comparison = HistoryComparison(a, secondTitle: title, status: live.statusCode,
                                                       headers: live.headers.map { Header($0.name, $0.value) }, body: live.data)
                    } else {
                        throw ToolFailure("Nothing to compare #\(first) with.")
                    }
                    inbox.post(.compared(id: id, lines: comparison.report()))
                } catch {
                    inbox.post(.toolFailed(id: id, message: "\(error)"))
                }
            }
        default:
            return nil
        }
    }

    private static func replay(id: Int, exchangeID: Int64, resolver original: RequestResolver?, recorder: HistoryRecorder?,
                               inbox: MessageInbox, demo: DemoServerLauncher) async {
        guard let store = recorder?.open(), let exchange = try? store.exchange(id: exchangeID) else {
            inbox.post(.requestFailed(id: id, message: "Exchange #\(exchangeID) could not be read from history."))
            return
        }
        var current: ResolvedRequest?
        if var resolver = original {
            if resolver.environment?.usesBuiltInDemo == true { resolver.demoBaseURL = try? await demo.baseURL() }
            current = try? resolver.resolve()
        }
        let request: Request
        do { request = try HistoryReplay.request(for: exchange, current: current) } catch {
            inbox.post(.requestFailed(id: id, message: error.description))
            return
        }
        let secrets = current?.secretValues ?? []
        let sentAt = Date()
        do {
            let response = try await request.send()
            inbox.post(.responseReceived(id: id, ResponseSummary(response, masker: SecretMasker(secrets: secrets))))
            recorder?.record(HistoryExchange.recording(request, secrets: secrets, reference: exchange.reference, environment: exchange.environment,
                                                       response: response, failure: nil, source: "replay", sentAt: sentAt,
                                                       limits: recorder?.limits ?? HistoryLimits()))
        } catch {
            guard !error.isCancelled else { return }
            let message = SecretMasker(secrets: secrets).mask(ExplorerRunLoop.advice(for: error))
            inbox.post(.requestFailed(id: id, message: message))
            recorder?.record(HistoryExchange.recording(request, secrets: secrets, reference: exchange.reference, environment: exchange.environment,
                                                       response: nil, failure: message, source: "replay", sentAt: sentAt,
                                                       limits: recorder?.limits ?? HistoryLimits()))
        }
    }
}
