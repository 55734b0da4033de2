import ExplorerWorkspace
import Yams

/// The `protocols:` and `messages:` of an imported WebSocket request, written as the loader reads them back.
extension CollectionYAML {
    /// The pairs, or none for a request without subprotocols or saved messages.
    static func webSocketPairs(_ request: RequestSpec) -> [(String, Node)] {
        var pairs: [(String, Node)] = []
        if !request.protocols.isEmpty { pairs.append(("protocols", .sequence(Node.Sequence(request.protocols.map(text))))) }
        if !request.messages.isEmpty {
            let messages = request.messages.map { message in
                mapping([("name", text(message.name)), (message.format.rawValue, text(message.content))])
            }
            pairs.append(("messages", .sequence(Node.Sequence(messages))))
        }
        return pairs
    }
}
