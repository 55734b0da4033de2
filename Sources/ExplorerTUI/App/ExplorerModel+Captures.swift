import ExplorerCore
import Foundation

extension ExplorerModel {
    /// Where `collection`'s captured values for its active environment are kept in `captures`: collections that name
    /// an environment alike do not share values.
    public func captureKey(_ collection: CollectionSpec) -> String {
        ExplorerModel.captureKey(slug: collection.slug, environment: environment(of: collection)?.name)
    }

    /// `Demo/local`: the key of one collection's environment in `captures`.
    public static func captureKey(slug: String, environment: String?) -> String {
        "\(slug)/\(environment ?? "")"
    }

    /// The key for the collection and environment `resolver` sends in.
    static func captureKey(_ resolver: RequestResolver) -> String {
        captureKey(slug: resolver.collection.slug, environment: resolver.environment?.name)
    }

    /// The effects that send `resolver`: first, one at a time, the requests it needs whose captures are missing; a
    /// dependency cycle fails the send before anything is sent.
    mutating func startChain(id: Int, resolver: RequestResolver) -> [AppEffect] {
        let needs: [RequestResolver]
        do { needs = try resolver.missingNeeds(in: session.captures, environment: ExplorerModel.captureKey(resolver)) } catch {
            responseView.state = .failed("\(error.description)\nThe request was not sent.")
            session.pendingNeeds = []
            return []
        }
        session.pendingNeeds = needs + [resolver]
        return nextInChain(id: id)
    }

    /// The effect for the next request of the chain, with the values captured so far.
    mutating func nextInChain(id: Int) -> [AppEffect] {
        guard !session.pendingNeeds.isEmpty else { return [] }
        var next = session.pendingNeeds.removeFirst()
        next.overrides = session.captures.variables(environment: ExplorerModel.captureKey(next)) + session.overrides
        if session.pendingNeeds.isEmpty { return [.send(id: id, resolver: next)] }
        status = ExplorerModel.sendingNeedNote(next.reference)
        return [.sendNeed(id: id, resolver: next)]
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
        if let target = session.pendingNeeds.last { recordCaptures(captured, key: ExplorerModel.captureKey(target)) }
        if let failure {
            session.pendingNeeds = []
            responseView.state = .failed("\(reference), which this request needs, failed: \(failure)\nThe request was not sent.")
            return []
        }
        return nextInChain(id: id)
    }

    /// Records captured values under `key`, by default that of the collection the response pane is about.
    mutating func recordCaptures(_ values: [CapturedValue], key: String? = nil) {
        guard !values.isEmpty else { return }
        let slug = responseView.key?.split(separator: "/").first.map(String.init)
        guard let key = key ?? collections.first(where: { $0.slug == slug }).map(captureKey) else { return }
        session.captures.record(values, environment: key)
        status = "Captured \(values.map(\.name).joined(separator: ", "))."
    }

    /// Adds the values persisted next to each collection (`captures.local.yaml`), as `run` starts from them.
    public mutating func addPersistedCaptures(_ stores: [String: CaptureStore]) {
        for collection in collections {
            guard let store = stores[collection.slug] else { continue }
            for environment in collection.environments {
                session.captures.record(store.values(environment: environment.name),
                                environment: ExplorerModel.captureKey(slug: collection.slug, environment: environment.name))
            }
        }
    }

    /// The effect that writes the captured values of the environment highlighted in the picker next to the collection.
    mutating func saveCaptures(_ collection: CollectionSpec, environment: EnvironmentSpec) -> [AppEffect] {
        let values = session.captures.values(environment: ExplorerModel.captureKey(slug: collection.slug, environment: environment.name))
        guard !values.isEmpty else {
            status = "Nothing captured in \(environment.name) yet: send a request that has captures first."
            return []
        }
        var store = CaptureStore()
        store.record(values, environment: environment.name)
        return [.saveCaptures(directory: collection.directory, environment: environment.name, store: store)]
    }
}
