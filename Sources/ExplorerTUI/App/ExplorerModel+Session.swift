import ExplorerCore

/// The shell's side of sending: it picks what to send (the selection, with its draft), starts the chain the session
/// plans, and shows in the response pane and the status line how it goes.
extension ExplorerModel {
    /// Sends the selected request; a JSON body that does not parse is sent only once the user says so.
    mutating func send(confirmed: Bool = false) -> [AppEffect] {
        if requestEditor.edit?.body != nil {
            commitBodyEditor()
            requestEditor.edit = nil
        }
        guard let resolver = selectedResolver else {
            status = "Select a request in the tree first."
            return []
        }
        if resolver.request.isWebSocket { return talk(resolver) }
        if !confirmed, case let .json(text) = resolver.request.body, let error = JSONTemplate.validate(text) {
            modal = .dialog(.confirmation(Confirmation(title: " Invalid JSON ", message: "The body does not parse (\(error)). Send it anyway?",
                                                purpose: .sendInvalidJSON)))
            return []
        }
        let (id, cancels) = beginResponse(key: selectedRequest?.key)
        // Captures belong to the environment the request went out in, even if another is picked before it is back.
        session.sendCaptureKey = SendSession.captureKey(resolver)
        return cancels + startChain(id: id, resolver: resolver)
    }

    /// Ctrl-J on a WebSocket request: in its open conversation, sends the Body tab's text as a message; otherwise
    /// connects (closing any other conversation) and sends the saved messages once it is open.
    mutating func talk(_ resolver: RequestResolver) -> [AppEffect] {
        let key = selectedRequest?.key ?? resolver.reference
        if var conversation = responseView.conversation, conversation.key == key, conversation.isOpen {
            let composed: String
            switch resolver.request.body {
            case let .json(text), let .text(text, _): composed = text
            default: composed = ""
            }
            guard !composed.isEmpty else {
                status = "Write the message in the Body tab (i edits it), then Ctrl-J sends it."
                return []
            }
            let text: String
            do {
                text = try resolver.variableResolver.resolve(composed)
            } catch {
                status = "Not sent: \(error)"
                return []
            }
            conversation.append(.sent, text, now: now)
            responseView.conversation = conversation
            responseView.eventsArrived()
            return [.sendWebSocket(id: conversation.id, message: WebSocketMessage(text: text))]
        }
        let messages: [WebSocketMessage]
        do {
            messages = try resolver.savedWebSocketMessages()
        } catch {
            status = "Not sent: \(error)"
            return []
        }
        let (id, effects) = beginResponse(key: key)
        // The conversation replaces the response: nothing is in flight over HTTP for it.
        responseView.state = .idle
        var conversation = Conversation(id: id, key: key, started: now)
        for message in messages { conversation.append(.sent, ConversationEntry.text(of: message), now: now) }
        responseView.conversation = conversation
        return effects + [.openWebSocket(id: id, resolver: resolver, messages: messages)]
    }

    /// Something happened in a WebSocket conversation; a message for one that is no longer shown is dropped.
    mutating func conversationChanged(id: Int, _ change: (inout Conversation) -> Void) {
        guard var conversation = responseView.conversation, conversation.id == id else { return }
        change(&conversation)
        responseView.conversation = conversation
    }

    /// A new id for an effect whose answer comes back later, so a late answer to an earlier one can be told apart.
    mutating func takeSendID() -> Int {
        session.takeID()
    }

    /// The response pane starts waiting for a new response shown under `key` (a send or a replay): the send in flight,
    /// if any, is cancelled, and a history response on its way is no longer wanted. Returns the new send's id and
    /// the cancel to run.
    mutating func beginResponse(key: String?) -> (id: Int, effects: [AppEffect]) {
        var effects: [AppEffect] = []
        if case let .sending(previous, _) = responseView.state { effects.append(.cancel(id: previous)) }
        // A conversation on screen ends when anything else is sent.
        if let conversation = responseView.conversation {
            effects.append(.closeWebSocket(id: conversation.id))
            responseView.conversation = nil
        }
        let id = takeSendID()
        responseView.pendingPast = nil
        responseView.state = .sending(id: id, started: now)
        responseView.live = nil
        responseView.events = EventList()
        responseView.key = key
        responseView.tab = .body
        return (id, effects)
    }

    /// Where `collection`'s captured values for its active environment are kept in the session's captures.
    public func captureKey(_ collection: CollectionSpec) -> String {
        SendSession.captureKey(slug: collection.slug, environment: environment(of: collection)?.name)
    }

    /// The effects that send `resolver`: first, one at a time, the requests it needs whose captures are missing; a
    /// dependency cycle fails the send before anything is sent.
    mutating func startChain(id: Int, resolver: RequestResolver) -> [AppEffect] {
        if let failure = session.plan(resolver) {
            responseView.state = .failed("\(failure)\nThe request was not sent.")
            return []
        }
        return nextInChain(id: id)
    }

    /// The effect for the next request of the chain; a need says so in the status line.
    mutating func nextInChain(id: Int) -> [AppEffect] {
        guard let next = session.next(id: id) else { return [] }
        if case .sendNeed = next.effect { status = ExplorerModel.sendingNeedNote(next.reference) }
        return [next.effect]
    }

    /// What the status line says while a request's needs go first.
    static func sendingNeedNote(_ reference: String) -> String {
        "Sending \(reference) first: this request needs its captures."
    }

    /// What the status line says while a kept exchange is sent again.
    static func replayingNote(_ id: Int64) -> String {
        "Replaying #\(id) exactly as it was sent…"
    }

    /// A progress note about the send in flight is over once its answer is on screen; any other message stays.
    mutating func clearSendProgress() {
        guard let text = status else { return }
        if (text.hasPrefix("Replaying #") && text.hasSuffix(" exactly as it was sent…"))
            || (text.hasPrefix("Sending ") && text.hasSuffix(" first: this request needs its captures.")) {
            status = nil
        }
    }

    /// A needed request came back: its captures are recorded and the chain goes on, or the send fails saying which.
    mutating func needSent(id: Int, reference: String, captured: [CapturedValue], failure: String?) -> [AppEffect] {
        guard case let .sending(current, _) = responseView.state, current == id else { return [] }
        session.needAnswered(captured: captured, failed: failure != nil)
        if !captured.isEmpty { status = ExplorerModel.capturedNote(captured) }
        if let failure {
            responseView.state = .failed("\(reference), which this request needs, failed: \(failure)\nThe request was not sent.")
            return []
        }
        return nextInChain(id: id)
    }

    /// Records values a response captured under `key`, by default that of the collection the response pane is about.
    mutating func recordCaptures(_ values: [CapturedValue], key: String? = nil) {
        guard !values.isEmpty else { return }
        let slug = responseView.key?.split(separator: "/").first.map(String.init)
        guard let key = key ?? collections.first(where: { $0.slug == slug }).map(captureKey) else { return }
        session.captures.record(values, environment: key)
        status = ExplorerModel.capturedNote(values)
    }

    /// What the status line says of values just captured.
    static func capturedNote(_ values: [CapturedValue]) -> String {
        "Captured \(values.map(\.name).joined(separator: ", "))."
    }

    /// Adds the values persisted next to each collection (`captures.local.yaml`), as `run` starts from them.
    public mutating func addPersistedCaptures(_ stores: [String: CaptureStore]) {
        session.addPersisted(stores, collections: collections)
    }

    /// The effect that writes the captured values of the environment highlighted in the picker next to the collection.
    mutating func saveCaptures(_ collection: CollectionSpec, environment: EnvironmentSpec) -> [AppEffect] {
        guard let store = session.capturesToSave(of: collection, environment: environment) else {
            status = "Nothing captured in \(environment.name) yet: send a request that has captures first."
            return []
        }
        return [.saveCaptures(directory: collection.directory, environment: environment.name, store: store)]
    }
}
