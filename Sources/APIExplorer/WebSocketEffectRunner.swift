import ExplorerCore
import ExplorerTUI
import Foundation

/// Runs the explorer's WebSocket conversations off the UI: opens them, hands what arrives to the model (secrets
/// masked), sends and closes, keeping each connection under its conversation id.
final class WebSocketEffectRunner: @unchecked Sendable {
    private let inbox: MessageInbox
    private let lock = NSLock()
    private var connections: [Int: WebSocketConnection] = [:]
    private var openings: [Int: Task<Void, Never>] = [:]

    init(inbox: MessageInbox) {
        self.inbox = inbox
    }

    /// Carries out a WebSocket effect; others are not its own.
    func start(_ effect: AppEffect) {
        switch effect {
        case let .openWebSocket(id, resolver, messages):
            let task = Task.detached { [self] in await converse(id: id, resolver: resolver, messages: messages) }
            lock.withLock { openings[id] = task }
        case let .sendWebSocket(id, message):
            guard let connection = lock.withLock({ connections[id] }) else { return }
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

    /// Closes every conversation (the explorer is quitting).
    func closeAll() {
        for connection in lock.withLock({ Array(connections.values) }) { connection.abort() }
    }

    private func converse(id: Int, resolver: RequestResolver, messages: [WebSocketMessage]) async {
        defer { lock.withLock { connections[id] = nil; openings[id] = nil } }
        let resolved: ResolvedRequest
        do {
            resolved = try resolver.resolve()
        } catch {
            inbox.post(.webSocketFailed(id: id, message: "\(error)"))
            return
        }
        let masker = SecretMasker(secrets: resolved.secretValues)
        let connection: WebSocketConnection
        do {
            let (url, options) = try resolved.webSocketTarget(protocols: resolver.request.protocols)
            connection = try await WebSocketClient.connect(to: url, options: options)
        } catch {
            if !Task.isCancelled { inbox.post(.webSocketFailed(id: id, message: masker.mask(error.description))) }
            return
        }
        guard !Task.isCancelled else {
            connection.abort()
            return
        }
        lock.withLock { connections[id] = connection }
        inbox.post(.webSocketOpened(id: id, subprotocol: connection.subprotocol))
        for message in messages { try? await connection.send(message) }
        do {
            for try await event in connection.events {
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
}
