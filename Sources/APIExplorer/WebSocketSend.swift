import ArgumentParser
import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `send` on a WebSocket request: connects, sends the saved messages (or standard input's lines), and prints each
/// message received as it arrives, until the server closes, `limit` messages came, or `wait` seconds passed quietly.
struct WebSocketSend {
    /// The request as resolved (its URL, headers with credentials, TLS, proxy and timeout).
    var resolved: ResolvedRequest
    /// Resolves `{{variables}}` in the saved messages.
    var resolver: RequestResolver
    /// Received messages after which to close; nil for no limit.
    var limit: Int?
    /// Seconds of silence after which to close; nil to wait for the server.
    var wait: Double?
    /// Send standard input's lines instead of the saved messages.
    var fromStandardInput: Bool
    /// Print only the data of each message, without its `←` line.
    var bodyOnly: Bool
    /// How JSON messages are printed.
    var pretty: PrettyMode
    /// Colour escapes allowed on standard output.
    var useColor: Bool
    /// Masks secrets in what is printed.
    var masker: SecretMasker
    /// Evaluate the request's checks over the messages received (`$messages`, `messages:`, `firstMessageBelow`).
    var evaluatesChecks = true

    /// Keeps the conversation when it ends (the handshake, the 101 and every message both ways); nil keeps none.
    var history: HistoryRecorder?

    /// Runs the conversation; throws the exit code (0 closed normally, 1 a bad message, 2 a connection failure).
    func run() async throws {
        let url: URL
        let options: WebSocketOptions
        do {
            (url, options) = try resolved.webSocketTarget(protocols: resolver.request.protocols)
        } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(1)
        }
        var outgoing: [WebSocketMessage] = []
        if !fromStandardInput {
            do {
                outgoing = try resolver.savedWebSocketMessages()
            } catch {
                StandardError.write("error: \(error)")
                throw ExitCode(1)
            }
        }
        let printer = ConversationPrinter(bodyOnly: bodyOnly, pretty: pretty, useColor: useColor, masker: masker)
        let sentAt = Date()
        let transcript = WebSocketTranscript(started: sentAt, byteLimit: history?.limits.bodyBytes ?? HistoryLimits().bodyBytes)
        let connection: WebSocketConnection
        do {
            connection = try await WebSocketClient.connect(to: url, options: options)
        } catch {
            record(transcript, url: url, options: options, connection: nil, failure: error.description)
            StandardError.write("error: \(masker.mask(error.description))")
            throw ExitCode(2)
        }
        StandardError.write("Connected to \(masker.mask(url.absoluteString))" + (connection.subprotocol.map { " (\($0))" } ?? ""))
        // Ctrl-C drops the connection; the loop below ends and says how many messages came.
        let interrupt = InterruptSignal { connection.abort() }
        defer { interrupt.stop() }
        // Noting and printing a message happen together, so what history keeps is in the order it was printed.
        let printing = NSLock()
        let sender = Task {
            // Noted (and printed) before it goes out, so an answer to it never comes first.
            func send(_ message: WebSocketMessage) async throws {
                printing.withLock { printer.write(message, sent: true, at: transcript.sent(message).time) }
                try await connection.send(message)
            }
            for message in outgoing { try await send(message) }
            guard fromStandardInput else { return }
            while let line = readLine(strippingNewline: true) { try await send(WebSocketMessage(text: line)) }
        }
        var received = 0
        // The messages as checks read them: `$messages[*].data`, parsed when it is JSON.
        var kept: [StreamEvent] = []
        var watchdog: Task<Void, Never>?
        defer { watchdog?.cancel() }
        func arm() {
            guard let wait else { return }
            watchdog?.cancel()
            watchdog = Task {
                try? await Task.sleep(nanoseconds: UInt64(wait * 1e9))
                guard !Task.isCancelled else { return }
                try? await connection.close(code: 1000, reason: "")
            }
        }
        arm()
        do {
            for try await event in connection.events {
                switch event {
                case let .message(message):
                    received += 1
                    let event = printing.withLock { () -> StreamEvent in
                        let event = transcript.received(message)
                        printer.write(message, sent: false, at: event.time)
                        return event
                    }
                    if kept.count < 10_000 { kept.append(event) }
                    if let limit, received >= limit { try? await connection.close(code: 1000, reason: "") }
                    arm()
                case .pong: break
                case let .closed(code, reason, byClient):
                    guard !interrupt.wasInterrupted else { break }
                    let who = byClient ? "Closed" : "The server closed the connection"
                    StandardError.write("\(who) (\(code.map(String.init) ?? "no code")\(reason.isEmpty ? "" : ": \(reason)")); \(received) message\(received == 1 ? "" : "s") received.")
                }
            }
        } catch where !interrupt.wasInterrupted {
            sender.cancel()
            record(transcript, url: url, options: options, connection: connection, failure: nil)
            StandardError.write("error: \(error); \(received) message\(received == 1 ? "" : "s") received.")
            throw ExitCode(2)
        }
        sender.cancel()
        record(transcript, url: url, options: options, connection: connection, failure: nil)
        if interrupt.wasInterrupted {
            StandardError.write("interrupted; \(received) message\(received == 1 ? "" : "s") received.")
            throw ExitCode(130)
        }
        guard evaluatesChecks, !resolver.checks.isEmpty || !resolver.request.captures.isEmpty else { return }
        // The handshake's 101 and headers, and the messages as the events of a stream.
        var response = CheckedResponse(status: 101, headers: connection.responseHeaders, duration: Date().timeIntervalSince(sentAt))
        response.events = kept
        response.eventCount = received
        let outcome = RequestOutcome.evaluate(response, reference: resolver.reference, name: resolver.request.name, iteration: 1,
                                              checks: resolver.checks, captures: resolver.request.captures,
                                              secrets: resolved.secretValues, variables: resolver.variableResolver)
        for line in outcome.tallyLines ?? [] { StandardError.write(masker.mask(line)) }
        if !outcome.passed { throw ExitCode(5) }
    }

    /// Keeps the conversation in history, secrets masked: the handshake, the 101 and its headers when it connected
    /// (`failure` says why not when it did not), and the messages both ways with their times.
    private func record(_ transcript: WebSocketTranscript, url: URL, options: WebSocketOptions, connection: WebSocketConnection?,
                        failure: String?) {
        guard let history, !history.isOff, transcript.finish() else { return }
        history.record(HistoryExchange.recording(conversationOf: resolved, url: url, options: options,
                                                 responseHeaders: connection?.responseHeaders, events: transcript.events,
                                                 duration: Date().timeIntervalSince(transcript.started), failure: failure,
                                                 source: "send", sentAt: transcript.started, limits: history.limits))
    }
}
