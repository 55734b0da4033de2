import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

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
        if let key = tree.selectedRequestKey { session.remember(PaletteItem.requestID(key)) }
        if !confirmed, let question = ExplorerModel.invalidJSONQuestion(resolver.request) {
            modal = .dialog(.confirmation(Confirmation(title: " Invalid JSON ", message: question, purpose: .sendInvalidJSON)))
            return []
        }
        // Each {{$prompt Label}} of the request and the requests it needs is asked first; the answer sends again.
        if let question = unansweredPrompt(sending: resolver) {
            modal = .valuePrompt(ValuePrompt(question: question))
            return []
        }
        if let ask = trustQuestion(sending: resolver) {
            modal = .dialog(.confirmation(ask))
            return []
        }
        if resolver.request.isWebSocket { return talk(resolver) }
        let (id, cancels) = beginResponse(key: selectedRequest?.key)
        // Captures belong to the environment the request went out in, even if another is picked before it is back.
        session.sendCaptureKey = SendSession.captureKey(resolver)
        return cancels + startChain(id: id, resolver: resolver)
    }

    /// The first `{{$prompt Label}}` not answered in this session that sending `resolver` (and the requests it needs
    /// first) would ask.
    func unansweredPrompt(sending resolver: RequestResolver) -> PromptQuestion? {
        let needs = (try? resolver.missingNeeds(in: session.captures, environment: SendSession.captureKey(resolver))) ?? []
        for var each in needs + [resolver] {
            each.inputs.promptAnswers = session.promptAnswers
            if let question = each.unansweredPrompts().first { return question }
        }
        return nil
    }

    /// The question to trust the collection of `resolver` when sending it (and the requests it needs) would read or
    /// run outside it what it is not trusted with; nil otherwise. It lists the collection's whole list, safe to show.
    func trustQuestion(sending resolver: RequestResolver) -> Confirmation? {
        let collection = resolver.collection
        let grant = session.grant(collection)
        let needs = (try? resolver.missingNeeds(in: session.captures, environment: SendSession.captureKey(resolver))) ?? []
        var missing: [OutsideRead] = []
        for var each in needs + [resolver] {
            each.inputs.trust = grant
            missing += each.untrustedReads()
        }
        // Nothing to ask, or nothing trusting the list would allow (a --set value, a link changed since loading): the
        // send then fails with the resolver's own message, naming the read.
        let list = collection.trustList
        guard !missing.isEmpty, missing.allSatisfy(TrustGrant(list).allows) else { return nil }
        let name = TerminalSafeText.sanitize(collection.name, allowTab: false)
        let message = "Sending reads or runs these outside the collection:\n" + list.listing.map { "  " + $0 }.joined(separator: "\n")
            + "\nTrust the collection (remembered until this list changes)?"
        return Confirmation(title: " Trust collection \(name)? ", message: message, purpose: .trustCollection(list))
    }

    /// Ctrl-J on a WebSocket request: in its open conversation, sends the Body tab's text as a message; otherwise
    /// connects (closing any other conversation) and sends the saved messages once it is open.
    mutating func talk(_ saved: RequestResolver, reconnecting: Bool = false) -> [AppEffect] {
        let resolver = session.answered(saved)
        let key = selectedRequest?.key ?? RequestKey(resolver.reference)
        if !reconnecting, let conversation = responseView.conversation, conversation.key == key, conversation.isOpen {
            let composed = Self.composedMessage(resolver.request.body)
            guard !composed.isEmpty else {
                let edits = keyMap.keyLabel(for: .editBody, focus: .request, tab: .body).map { " (\($0) edits it)" } ?? ""
                status = "Write the message in the Body tab\(edits)" + (keyMap.keyLabel(for: .send, focus: .request).map { ", then \($0) sends it." } ?? ".")
                return []
            }
            let text: String
            do {
                text = try resolver.variableResolver.resolve(composed)
            } catch {
                status = "Not sent: \(error)"
                return []
            }
            let now = self.now
            conversationChanged(id: conversation.id) { $0.append(.sent, text, now: now) }
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
        // A line added is filtered as it comes, as a stream's events are.
        responseView.eventsArrived()
    }

    /// A new id for an effect whose answer comes back later, so a late answer to an earlier one can be told apart.
    mutating func takeSendID() -> Int {
        session.takeID()
    }

    /// The response pane starts waiting for a new response shown under `key` (a send or a replay): the send in flight,
    /// if any, is cancelled, and a history response on its way is no longer wanted. Returns the new send's id and
    /// the cancel to run.
    mutating func beginResponse(key: RequestKey?) -> (id: Int, effects: [AppEffect]) {
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

    /// What to ask before sending `request` whose JSON does not parse: its body, or its GraphQL variables (JSON
    /// too, checked as a body is); nil when it parses or is not JSON. A WebSocket message may be any text.
    static func invalidJSONQuestion(_ request: RequestSpec) -> String? {
        switch request.body {
        case let .json(text) where !request.isWebSocket:
            return JSONTemplate.validate(text).map { "The body does not parse (\($0)). Send it anyway?" }
        case let .graphql(body) where !body.variables.isEmpty:
            return JSONTemplate.validate(body.variables).map { "The GraphQL variables do not parse (\($0)). Send them anyway?" }
        default:
            return nil
        }
    }

    /// The effect for the next request of the chain; a need says so in the status line.
    mutating func nextInChain(id: Int) -> [AppEffect] {
        guard let next = session.next(id: id) else { return [] }
        if case .sendNeed = next.effect { $status.show(.sendingNeed(reference: next.reference)) }
        return [next.effect]
    }

    /// A progress note about the send in flight is over once its answer is on screen; any other message stays.
    mutating func clearSendProgress() {
        if $status.progress != nil { status = nil }
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

    /// Records values a response captured, and forgets those its scripts unset, under `key`, by default that of the
    /// collection the response pane is about.
    mutating func recordCaptures(_ values: [CapturedValue], released: [String] = [], key: String? = nil) {
        guard !values.isEmpty || !released.isEmpty else { return }
        let slug = responseView.key?.collection
        guard let key = key ?? collections.first(where: { $0.slug == slug }).map(captureKey) else { return }
        session.captures.record(values, environment: key)
        session.captures.forget(released, environment: key)
        if !values.isEmpty { status = ExplorerModel.capturedNote(values) }
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

    /// A key of the WebSocket conversation on screen: ping, pick a saved message, close with a code, connect again,
    /// save the composed message.
    mutating func converse(_ action: AppAction) -> [AppEffect] {
        guard let conversation = responseView.conversation else {
            status = "No WebSocket conversation: Ctrl-J on a WebSocket request connects."
            return []
        }
        guard selectedRequest?.key == conversation.key, let resolver = selectedResolver else {
            status = "Select \(conversation.key) in the tree first: the conversation is its."
            return []
        }
        switch action {
        case .reconnect:
            return talk(resolver, reconnecting: true)
        case .saveMessage:
            let text = Self.composedMessage(resolver.request.body)
            guard !text.isEmpty else {
                let edits = keyMap.keyLabel(for: .editBody, focus: .request, tab: .body).map { " (\($0) edits it)" } ?? ""
                status = "Write the message in the Body tab first\(edits)"
                    + (keyMap.keyLabel(for: .saveMessage, focus: .response).map { "; \($0) saves it into the file." } ?? ".")
                return []
            }
            modal = .dialog(.form(NameForm(title: "Save the message in \(resolver.request.name)",
                                           fields: [("Name", "message \(resolver.request.messages.count + 1)")],
                                           purpose: .saveMessage(key: conversation.key), note: "Enter: save into messages: · Esc: cancel")))
            return []
        default:
            break
        }
        guard conversation.isOpen else {
            status = "The connection is not open: r connects again."
            return []
        }
        switch action {
        case .ping:
            let now = self.now
            conversationChanged(id: conversation.id) { $0.append(.note, "ping", now: now) }
            return [.pingWebSocket(id: conversation.id)]
        case .sendSavedMessage:
            let names = resolver.request.messages.map(\.name)
            guard !names.isEmpty else {
                status = "\(resolver.request.name) has no saved messages"
                    + (keyMap.keyLabel(for: .saveMessage, focus: .response).map { ": \($0) saves the Body tab's message as one." } ?? ".")
                return []
            }
            modal = .dialog(.picker(ListPicker(title: "Send a saved message", options: names, selected: nil,
                                               purpose: .savedMessage(key: conversation.key))))
        case .closeWithCode:
            modal = .dialog(.form(NameForm(title: "Close the connection", fields: [("Code", "1000"), ("Reason", "")],
                                           purpose: .closeWebSocket(id: conversation.id),
                                           note: "1000 normal, 1001 going away, 3000–4999 your own · Enter: close · Esc: cancel")))
        default:
            break
        }
        return []
    }

    /// The Body tab's text, which Ctrl-J sends in an open conversation.
    static func composedMessage(_ body: BodySpec) -> String {
        switch body {
        case let .json(text), let .text(text, _): return text
        default: return ""
        }
    }

    /// Enter on a saved message in the picker: sends it, its variables resolved, in the open conversation.
    mutating func sendSavedMessage(_ index: Int, key: RequestKey) -> [AppEffect] {
        guard let conversation = responseView.conversation, conversation.key == key, conversation.isOpen,
              let resolver = selectedResolver, selectedRequest?.key == key, resolver.request.messages.indices.contains(index) else {
            status = "The conversation closed before the message was picked."
            return []
        }
        let saved = resolver.request.messages[index]
        let message: WebSocketMessage?
        do {
            message = try saved.message { try resolver.variableResolver.resolve($0) }
        } catch {
            status = "Not sent: \(error)"
            return []
        }
        guard let message else {
            status = "Not sent: \(saved.name) is not valid base64."
            return []
        }
        let now = self.now
        conversationChanged(id: conversation.id) { $0.append(.sent, ConversationEntry.text(of: message), now: now) }
        status = "Sent \(saved.name)."
        return [.sendWebSocket(id: conversation.id, message: message)]
    }

    /// Enter in the close form: a code a client may send (1000, or 3000–4999) and a reason of at most 123 bytes.
    mutating func closeSubmitted(_ form: NameForm, id: Int) -> [AppEffect] {
        guard let code = UInt16(form.value(0)), code == 1000 || code == 1001 || (3000...4999).contains(code) else {
            return keep(form, "Code: a client closes with 1000, 1001 or 3000–4999. Esc cancels.", field: 0)
        }
        let reason = form.value(1)
        guard reason.utf8.count <= 123 else {
            return keep(form, "Reason: at most 123 bytes fit in a close frame (this has \(reason.utf8.count)). Esc cancels.", field: 1)
        }
        modal = nil
        guard responseView.conversation?.id == id, responseView.conversation?.isOpen == true else {
            status = "The connection had closed already."
            return []
        }
        return [.closeWebSocket(id: id, code: code, reason: reason)]
    }

    /// Enter in the save-message form: the Body tab's text joins the request's `messages:` and the request is saved.
    mutating func saveMessageSubmitted(_ form: NameForm, key: RequestKey) -> [AppEffect] {
        let name = form.value(0).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(where: { DisplayWidth.isControl($0) }) else {
            return keep(form, "Name: the message needs a name. Esc cancels.", field: 0)
        }
        guard selectedRequest?.key == key, let resolver = selectedResolver else {
            return keep(form, "That request is no longer selected. Esc cancels.")
        }
        if resolver.request.messages.contains(where: { $0.name == name }) {
            return keep(form, "Name: \(name) is saved already; choose another. Esc cancels.", field: 0)
        }
        let text = Self.composedMessage(resolver.request.body)
        let isJSON = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
        modal = nil
        let effects = inRequest { pane in
            pane.editSelected { $0.messages.append(SavedMessage(name: name, format: isJSON ? .json : .text, content: text)) }
            return pane.saveSelected()
        }
        if !effects.isEmpty { status = "Saving \(name) into messages: (with the request's other edits)…" }
        return effects
    }
}
