import ExplorerCore

extension RequestResolver {
    /// The request's saved WebSocket messages as they are sent, variables resolved; `send` and the explorer both send
    /// these when a conversation opens.
    public func savedWebSocketMessages() throws(SavedMessageFailure) -> [WebSocketMessage] {
        let variables = variableResolver
        var messages: [WebSocketMessage] = []
        for saved in request.messages {
            let decoded: WebSocketMessage?
            do {
                decoded = try saved.message { try variables.resolve($0) }
            } catch {
                throw SavedMessageFailure(name: saved.name, reason: "cannot be sent: \(error)")
            }
            guard let decoded else {
                throw SavedMessageFailure(name: saved.name, reason: "is not valid base64 once its variables are filled in")
            }
            messages.append(decoded)
        }
        return messages
    }
}
