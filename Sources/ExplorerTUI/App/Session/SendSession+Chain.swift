import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace

/// Sending as a chain: a request's needs whose captures are missing go first, one at a time, each with the values
/// captured so far; what they capture is kept per collection and environment.
extension SendSession {
    /// `Demo/local`: the key of one collection's environment in `captures`, so collections that name an environment
    /// alike do not share values.
    public static func captureKey(slug: String, environment: String?) -> String {
        "\(slug)/\(environment ?? "")"
    }

    /// The key for the collection and environment `resolver` sends in.
    public static func captureKey(_ resolver: RequestResolver) -> String {
        captureKey(slug: resolver.collection.slug, environment: resolver.environment?.name)
    }

    /// A new id for an effect whose answer comes back later, so a late answer to an earlier one can be told apart.
    public mutating func takeID() -> Int {
        defer { nextSendID += 1 }
        return nextSendID
    }

    /// Plans sending `resolver`: first the requests it needs whose captures are missing, then itself. Returns why
    /// nothing can be sent (a dependency cycle), or nil.
    public mutating func plan(_ resolver: RequestResolver) -> String? {
        do {
            pendingNeeds = try resolver.missingNeeds(in: captures, environment: SendSession.captureKey(resolver)) + [resolver]
            return nil
        } catch {
            pendingNeeds = []
            return error.description
        }
    }

    /// The next send of the chain `id`, with the values captured so far, and the request it stands for; nil when the
    /// chain is done.
    public mutating func next(id: Int) -> (effect: AppEffect, reference: String)? {
        guard !pendingNeeds.isEmpty else { return nil }
        var next = pendingNeeds.removeFirst()
        next.overrides = captures.variables(environment: SendSession.captureKey(next)) + overrides
        next = answered(next)
        return (pendingNeeds.isEmpty ? .send(id: id, resolver: next) : .sendNeed(id: id, resolver: next), next.reference)
    }

    /// `resolver` with the prompts answered in this session and what its collection is trusted with.
    public func answered(_ resolver: RequestResolver) -> RequestResolver {
        var answered = resolver
        answered.inputs.promptAnswers = promptAnswers
        answered.inputs.trust = grant(resolver.collection)
        return answered
    }

    /// What `collection` may read and run outside its directory in this session.
    public func grant(_ collection: CollectionSpec) -> TrustGrant {
        if trustsAll { return .everything }
        let list = collection.trustList
        return list.isEmpty || trustedLists[collection.directory] == list.fingerprint ? TrustGrant(list) : .nothing
    }

    /// A needed request came back with `captured` values, kept for the request they were needed by; a failed one
    /// ends the chain.
    public mutating func needAnswered(captured: [CapturedValue], failed: Bool) {
        if let target = pendingNeeds.last { captures.record(captured, environment: SendSession.captureKey(target)) }
        if failed { pendingNeeds = [] }
    }

    /// Adds the values persisted next to each collection (`captures.local.yaml`), as `run` starts from them.
    public mutating func addPersisted(_ stores: [String: CaptureStore], collections: [CollectionSpec]) {
        for collection in collections {
            guard let store = stores[collection.slug] else { continue }
            for environment in collection.environments {
                captures.record(store.values(environment: environment.name),
                                environment: SendSession.captureKey(slug: collection.slug, environment: environment.name))
            }
        }
    }

    /// The values captured in `environment` of `collection`, as a store to write next to it; nil when there are none.
    public func capturesToSave(of collection: CollectionSpec, environment: EnvironmentSpec) -> CaptureStore? {
        let values = captures.values(environment: SendSession.captureKey(slug: collection.slug, environment: environment.name))
        guard !values.isEmpty else { return nil }
        var store = CaptureStore()
        store.record(values, environment: environment.name)
        return store
    }
}
