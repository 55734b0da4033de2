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
        let started = Date()
        let connection: WebSocketConnection
        do {
            connection = try await WebSocketClient.connect(to: url, options: options)
        } catch {
            StandardError.write("error: \(masker.mask(error.description))")
            throw ExitCode(2)
        }
        StandardError.write("Connected to \(masker.mask(url.absoluteString))" + (connection.subprotocol.map { " (\($0))" } ?? ""))
        // Ctrl-C drops the connection; the loop below ends and says how many messages came.
        let interrupt = InterruptSignal { connection.abort() }
        defer { interrupt.stop() }
        let sender = Task {
            for message in outgoing { try await connection.send(message) }
            guard fromStandardInput else { return }
            while let line = readLine(strippingNewline: true) { try await connection.send(WebSocketMessage(text: line)) }
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
                    let time = Date().timeIntervalSince(started)
                    print(message, at: time)
                    if kept.count < 10_000 {
                        kept.append(StreamEvent(kind: .message, data: message.text ?? message.data.base64EncodedString(), time: time))
                    }
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
            StandardError.write("error: \(error); \(received) message\(received == 1 ? "" : "s") received.")
            throw ExitCode(2)
        }
        sender.cancel()
        if interrupt.wasInterrupted {
            StandardError.write("interrupted; \(received) message\(received == 1 ? "" : "s") received.")
            throw ExitCode(130)
        }
        guard evaluatesChecks, !resolver.checks.isEmpty || !resolver.request.captures.isEmpty else { return }
        // The handshake's 101 and headers, and the messages as the events of a stream.
        var response = CheckedResponse(status: 101, headers: connection.responseHeaders, duration: Date().timeIntervalSince(started))
        response.events = kept
        response.eventCount = received
        let outcome = RequestOutcome.evaluate(response, reference: resolver.reference, name: resolver.request.name, iteration: 1,
                                              checks: resolver.checks, captures: resolver.request.captures,
                                              secrets: resolved.secretValues, variables: resolver.variableResolver)
        for line in outcome.tallyLines ?? [] { StandardError.write(masker.mask(line)) }
        if !outcome.passed { throw ExitCode(5) }
    }

    /// Writes one received message: its `←` line (unless only bodies are printed), then its data, formatted JSON when
    /// it is JSON, hex for binary.
    private func print(_ message: WebSocketMessage, at seconds: Double) {
        var text = ""
        if !bodyOnly {
            text += "← \(message.kind.rawValue) · \(MeasurementText.byteCount(message.data.count)) · +\(String(format: "%.3f", seconds)) s\n"
        }
        switch message.kind {
        case .text:
            if pretty.formats, let formatted = try? JSONFormatter.prettyPrinted(message.data, style: useColor ? .standard : nil) {
                text += String(decoding: formatted, as: UTF8.self)
            } else {
                text += TerminalSafeText.sanitize(message.text ?? "")
            }
        case .binary:
            text += message.data.map { String(format: "%02x", $0) }.joined(separator: " ")
        }
        if !text.hasSuffix("\n") { text += "\n" }
        StandardOutput.write(Array(masker.mask(text).utf8), to: STDOUT_FILENO)
    }
}
