import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Decides what a request may read or run outside its collection: everything with `--trust`; else what the
/// collection was trusted with (`apiexplorer trust`, kept in the state directory); else, on a terminal, the user is
/// shown the collection's whole list and asked once per process. Without a terminal an untrusted read fails the send.
final class TrustGate: @unchecked Sendable {
    private let trustsAll: Bool
    private let prompter: TerminalPrompter?
    private let refusesCommands: Bool
    private let store: TrustStore
    private let lock = NSLock()
    // Guarded by `lock`: each collection is asked about once per process.
    private var decided: [String: Bool] = [:]
    // Guarded by `lock`: what the store grants each collection (by directory), read once per process rather than for
    // every request of a run.
    private var stored: [String: TrustGrant] = [:]

    /// A gate: `trustsAll` for `--trust`; `prompter` asks on the terminal (nil never asks); `refusesCommands` takes
    /// `{{$command …}}` out of what a trusted collection is granted (`apiexplorer mcp`, where no one watches what runs).
    init(trustsAll: Bool, prompter: TerminalPrompter?, refusesCommands: Bool = false, store: TrustStore = .standard()) {
        self.trustsAll = trustsAll
        self.prompter = prompter
        self.refusesCommands = refusesCommands
        self.store = store
    }

    /// What `resolver` may read and run; throws `.untrusted` when it needs more and the user does not trust the
    /// collection now.
    func grant(for resolver: RequestResolver) throws(SendFailure) -> TrustGrant {
        try grant(for: [resolver])
    }

    /// What the requests of one collection may read and run, asked about once for all of them (a run's plan).
    func grant(for resolvers: [RequestResolver]) throws(SendFailure) -> TrustGrant {
        guard let first = resolvers.first else { return .nothing }
        if trustsAll { return .everything }
        let collection = first.collection
        let list = collection.trustList
        var granted = lock.withLock {
            if let known = stored[list.directory] { return known }
            let grant = store.grant(list)
            stored[list.directory] = grant
            return grant
        }
        if refusesCommands { granted.reads = granted.reads.filter { $0.kind != .command } }
        var missing: [OutsideRead] = []
        for resolver in resolvers {
            var checking = resolver
            checking.inputs.trust = granted
            missing += checking.untrustedReads().filter { !missing.contains($0) }
        }
        guard !missing.isEmpty else { return granted }
        lock.lock()
        defer { lock.unlock() }
        let key = TrustStore.key(collection.directory)
        if decided[key] == true { return TrustGrant(list) }
        guard decided[key] == nil, let prompter, let answer = prompter.confirm(TrustGate.question(collection)) else {
            throw .untrusted(collection: collection.slug, reads: missing)
        }
        let trusted = ["y", "yes"].contains(answer.lowercased())
        decided[key] = trusted
        guard trusted else { throw .untrusted(collection: collection.slug, reads: missing) }
        do { try store.trust(list) } catch { StandardError.write("warning: \(error.description) (trusted for this run only)") }
        return TrustGrant(list)
    }

    /// The question: the collection's whole list, each item where it is written, safe to print.
    static func question(_ collection: CollectionSpec) -> String {
        let name = TerminalSafeText.sanitize(collection.name, allowTab: false)
        let lines = collection.trustList.listing.map { "  " + $0 }.joined(separator: "\n")
        return "Collection \(name) reads or runs these outside its directory:\n\(lines)\nTrust it (remembered until this list changes)? [y/N] "
    }
}
