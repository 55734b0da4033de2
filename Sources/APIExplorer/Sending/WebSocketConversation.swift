import ExplorerCore
import ExplorerWorkspace
import Foundation

/// One WebSocket conversation held to its end, for `send` and `run`: connects, sends the outgoing messages (then any
/// `more` gives), and takes each message received until the server closes, `limit` messages came, `wait` seconds
/// passed quietly, or the task holding it is cancelled (Ctrl-C), which drops the connection and keeps what arrived.
/// History keeps the conversation once it ends: the handshake, the 101 and every message both ways with its time.
struct WebSocketConversation: Sendable {
    /// The request as resolved (its URL, headers with credentials, TLS, proxy and timeout).
    var resolved: ResolvedRequest
    /// The subprotocols to offer, most wanted first.
    var protocols: [String]
    /// The messages sent once connected, in order.
    var outgoing: [WebSocketMessage]
    /// Asked for the next message to send after `outgoing` until it gives nil (standard input's lines); nil sends none.
    var more: (@Sendable () -> WebSocketMessage?)?
    /// Received messages after which to close; nil for no limit.
    var limit: Int?
    /// Seconds of silence after which to close; nil to wait for the server.
    var wait: Double?
    /// Where the conversation is kept; nil keeps none.
    var history: HistoryRecorder?
    /// What history records as the sender: `send`, `run`.
    var source: String
    /// Told once connected: the URL and the subprotocol the server chose.
    var onConnected: (@Sendable (URL, String?) -> Void)?
    /// Told of each message sent (before it goes) and received, with its time, in the order history keeps them.
    var onMessage: (@Sendable (_ message: WebSocketMessage, _ sent: Bool, _ time: TimeInterval) -> Void)?

    /// Seconds a server may take to answer the client's close before the connection is dropped: one that never
    /// answers must not hold a command, or a run, forever.
    static let closingGrace: Double = 5

    /// Holds the conversation and says how it ended; history gets it on its own queue (`HistoryRecorder.later`).
    func hold() async -> WebSocketConversationEnd {
        var end = WebSocketConversationEnd()
        let url: URL
        let options: WebSocketOptions
        do {
            (url, options) = try resolved.webSocketTarget(protocols: protocols)
        } catch {
            end.failure = .target(error.description)
            return end
        }
        let transcript = WebSocketTranscript(byteLimit: history?.limits.bodyBytes ?? HistoryLimits().bodyBytes)
        let connection: WebSocketConnection
        do {
            connection = try await WebSocketClient.connect(to: url, options: options)
        } catch {
            end.interrupted = Task.isCancelled
            end.failure = .connect(error.description)
            end.duration = Date().timeIntervalSince(transcript.started)
            record(transcript, url: url, options: options, responseHeaders: nil, failure: error.description)
            return end
        }
        end.responseHeaders = connection.responseHeaders
        onConnected?(url, connection.subprotocol)
        // Noting and telling of a message happen together, so what history keeps is in the order it was told.
        let telling = NSLock()
        let (outgoing, more, onMessage) = (outgoing, more, onMessage)
        let sender = Task {
            // Noted (and told) before it goes out, so an answer to it never comes first.
            func send(_ message: WebSocketMessage) async throws {
                telling.withLock {
                    let time = transcript.sent(message).time
                    onMessage?(message, true, time)
                }
                try await connection.send(message)
            }
            for message in outgoing { try await send(message) }
            while let more, let message = more() { try await send(message) }
        }
        var watchdog: Task<Void, Never>?
        defer { watchdog?.cancel() }
        // Restarted by each message: the conversation closes after `wait` seconds with none.
        func arm() {
            guard let wait else { return }
            watchdog?.cancel()
            watchdog = Task {
                try? await Task.sleep(nanoseconds: WebSocketConversation.nanoseconds(wait))
                guard !Task.isCancelled else { return }
                await WebSocketConversation.close(connection)
            }
        }
        arm()
        do {
            // Ctrl-C cancels the task holding the conversation: the connection is dropped and the loop ends.
            try await withTaskCancellationHandler {
                for try await event in connection.events {
                    switch event {
                    case let .message(message):
                        end.received += 1
                        let event = telling.withLock { () -> StreamEvent in
                            let event = transcript.received(message)
                            onMessage?(message, false, event.time)
                            return event
                        }
                        if end.messages.count < 10_000 { end.messages.append(event) }
                        if let limit, end.received >= limit {
                            watchdog?.cancel()
                            watchdog = Task { await WebSocketConversation.close(connection) }
                        } else {
                            arm()
                        }
                    case .pong: break
                    case let .closed(code, reason, byClient): end.closed = (code, reason, byClient)
                    }
                }
            } onCancel: {
                connection.abort()
            }
        } catch {
            end.failure = .broken(String(describing: error))
        }
        sender.cancel()
        end.interrupted = Task.isCancelled
        if end.interrupted {
            // The close that came was the connection dropped on purpose, and a failure is the drop's.
            end.closed = nil
            end.failure = nil
        }
        end.duration = Date().timeIntervalSince(transcript.started)
        record(transcript, url: url, options: options, responseHeaders: connection.responseHeaders, failure: nil)
        return end
    }

    /// Starts the closing handshake, and drops the connection when the server has not answered within the grace.
    private static func close(_ connection: WebSocketConnection) async {
        try? await connection.close(code: 1000, reason: "")
        try? await Task.sleep(nanoseconds: nanoseconds(closingGrace))
        guard !Task.isCancelled else { return }
        connection.abort()
    }

    /// `seconds` for `Task.sleep`, bounded so that no value a user types (`--wait 1e30`, `nan`) can trap.
    private static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64((seconds.isNaN ? 0 : min(max(seconds, 0), 1e9)) * 1e9)
    }

    /// Keeps the conversation in history, secrets masked: the handshake, the 101 and its headers when it connected
    /// (`failure` says why not when it did not), and the messages both ways with their times.
    private func record(_ transcript: WebSocketTranscript, url: URL, options: WebSocketOptions,
                        responseHeaders: [(name: String, value: String)]?, failure: String?) {
        guard let history, !history.isOff, transcript.finish() else { return }
        let exchange = HistoryExchange.recording(conversationOf: resolved, url: url, options: options, responseHeaders: responseHeaders,
                                                 events: transcript.events, duration: Date().timeIntervalSince(transcript.started),
                                                 failure: failure, source: source, sentAt: transcript.started, limits: history.limits)
        history.later { history.record(exchange) }
    }
}
