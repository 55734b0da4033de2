import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Runs the explorer's WebSocket conversations off the UI: opens them, hands what arrives to the model (secrets
/// masked), sends and closes, keeping each connection under its conversation id. Each conversation is kept in history
/// when it ends (closed, failed, or the explorer quitting).
final class WebSocketEffectRunner: @unchecked Sendable {
    private let inbox: MessageInbox
    private let lock = NSLock()
    private var connections: [Int: WebSocketConnection] = [:]
    private var openings: [Int: Task<Void, Never>] = [:]
    /// Where conversations are kept; nil keeps none.
    private let history: HistoryRecorder?
    /// Each open conversation's messages so far, and how to keep it in history now (the explorer quitting).
    private var transcripts: [Int: WebSocketTranscript] = [:]
    private var recorders: [Int: @Sendable (_ now: Bool) -> Void] = [:]

    init(inbox: MessageInbox, history: HistoryRecorder? = nil) {
        self.inbox = inbox
        self.history = history
    }

    /// Carries out a WebSocket effect; others are not its own.
    func start(_ effect: AppEffect) {
        switch effect {
        case let .openWebSocket(id, resolver, messages):
            let task = Task.detached { [self] in await converse(id: id, resolver: resolver, messages: messages) }
            lock.withLock { openings[id] = task }
        case let .sendWebSocket(id, message):
            guard let connection = lock.withLock({ connections[id] }) else { return }
            lock.withLock { transcripts[id] }?.sent(message)
            let inbox = self.inbox
            Task.detached {
                do { try await connection.send(message) } catch { inbox.post(.webSocketFailed(id: id, message: "Not sent: \(error)")) }
            }
        case let .pingWebSocket(id):
            guard let connection = lock.withLock({ connections[id] }) else { return }
            let inbox = self.inbox
            Task.detached {
                do { try await connection.ping() } catch { inbox.post(.webSocketFailed(id: id, message: "Ping not sent: \(error)")) }
            }
        case let .closeWebSocket(id, code, reason):
            let (connection, opening) = lock.withLock { (connections[id], openings[id]) }
            if let connection {
                Task.detached { try? await connection.close(code: code, reason: reason) }
            } else {
                opening?.cancel()
            }
        default:
            break
        }
    }

    /// Closes every conversation (the explorer is quitting), keeping each in history first.
    func closeAll() {
        // Now, on this thread: the process ends right after, before history's own queue would get to it.
        for record in lock.withLock({ Array(recorders.values) }) { record(true) }
        for connection in lock.withLock({ Array(connections.values) }) { connection.abort() }
    }

    private func converse(id: Int, resolver: RequestResolver, messages: [WebSocketMessage]) async {
        defer { lock.withLock { connections[id] = nil; openings[id] = nil; transcripts[id] = nil; recorders[id] = nil } }
        let resolved: ResolvedRequest
        do {
            // Off the UI: a secret reference is read here.
            var reading = resolver
            reading.inputs.isSending = true
            resolved = try reading.resolve()
        } catch {
            inbox.post(.webSocketFailed(id: id, message: "\(error)"))
            return
        }
        let masker = SecretMasker(secrets: resolved.secretValues)
        let connection: WebSocketConnection
        let transcript = WebSocketTranscript(byteLimit: history?.limits.bodyBytes ?? HistoryLimits().bodyBytes)
        let url: URL, options: WebSocketOptions
        do {
            (url, options) = try resolved.webSocketTarget(protocols: resolver.request.protocols)
        } catch {
            inbox.post(.webSocketFailed(id: id, message: masker.mask(error.description)))
            return
        }
        do {
            connection = try await WebSocketClient.connect(to: url, options: options)
        } catch {
            if !Task.isCancelled {
                inbox.post(.webSocketFailed(id: id, message: masker.mask(error.description)))
                record(transcript, of: resolved, url: url, options: options, connection: nil, failure: error.description)(false)
            }
            return
        }
        guard !Task.isCancelled else {
            connection.abort()
            return
        }
        let keep = record(transcript, of: resolved, url: url, options: options, connection: connection, failure: nil)
        lock.withLock { connections[id] = connection; transcripts[id] = transcript; recorders[id] = keep }
        // However the conversation ends, it is kept once.
        defer { keep(false) }
        inbox.post(.webSocketOpened(id: id, subprotocol: connection.subprotocol))
        for message in messages {
            transcript.sent(message)
            try? await connection.send(message)
        }
        do {
            for try await event in connection.events {
                if case let .message(message) = event { transcript.received(message) }
                if case let .message(message) = event, let text = message.text {
                    inbox.post(.webSocketEvent(id: id, .message(WebSocketMessage(text: masker.mask(text)))))
                } else {
                    inbox.post(.webSocketEvent(id: id, event))
                }
            }
        } catch {
            inbox.post(.webSocketFailed(id: id, message: masker.mask(String(describing: error))))
        }
    }

    /// Keeps the conversation in history, once (`WebSocketTranscript.finish`), on history's queue or, with `now`, at
    /// once: the handshake, the 101 when it connected (`failure` says why when it did not) and every message both ways
    /// with its time.
    private func record(_ transcript: WebSocketTranscript, of resolved: ResolvedRequest, url: URL, options: WebSocketOptions,
                        connection: WebSocketConnection?, failure: String?) -> @Sendable (_ now: Bool) -> Void {
        { [history] now in
            guard let history, !history.isOff, transcript.finish() else { return }
            let exchange = HistoryExchange.recording(conversationOf: resolved, url: url, options: options,
                                                     responseHeaders: connection?.responseHeaders, events: transcript.events,
                                                     duration: Date().timeIntervalSince(transcript.started), failure: failure,
                                                     source: "explorer", sentAt: transcript.started, limits: history.limits)
            if now { history.record(exchange) } else { history.later { history.record(exchange) } }
        }
    }
}
