import ExplorerCore
import ExplorerWorkspace
import Foundation
import Yams

/// Captured values by environment: they feed `{{name}}` in later requests, in memory while the explorer or a run
/// lasts, and can be persisted next to the collection (`captures.local.yaml`, or `secrets.local.yaml` when secret).
public struct CaptureStore: Sendable, Equatable {
    /// The file that holds persisted non-secret captures, in the collection's directory.
    public static let fileName = "captures.local.yaml"

    /// Values by lower-cased environment name (`""` when there is none), then by variable name.
    private var byEnvironment: [String: [String: CapturedValue]] = [:]
    /// Names forgotten in this store (a script's `pm.environment.unset`) by environment: saving removes them from the file.
    private var forgotten: [String: Set<String>] = [:]

    /// An empty store.
    public init() {}

    private static func key(_ environment: String?) -> String { (environment ?? "").lowercased() }

    /// Records `values` for `environment`, replacing earlier values of the same names.
    public mutating func record(_ values: [CapturedValue], environment: String?) {
        for value in values {
            byEnvironment[CaptureStore.key(environment), default: [:]][value.name] = value
            forgotten[CaptureStore.key(environment)]?.remove(value.name)
        }
    }

    /// Forgets the values of `names` in `environment`: later requests no longer see them, and saving removes them.
    public mutating func forget(_ names: [String], environment: String?) {
        for name in names {
            byEnvironment[CaptureStore.key(environment)]?[name] = nil
            forgotten[CaptureStore.key(environment), default: []].insert(name)
        }
    }

    /// The captured values of `environment`, by name.
    public func values(environment: String?) -> [CapturedValue] {
        (byEnvironment[CaptureStore.key(environment)] ?? [:]).values.sorted { $0.name < $1.name }
    }

    /// One captured value.
    public func value(_ name: String, environment: String?) -> CapturedValue? {
        byEnvironment[CaptureStore.key(environment)]?[name]
    }

    /// The captured values as variables, to add to a request's variable scopes (below `--set`); they came from
    /// responses, so they are inserted literally, never read as templates.
    public func variables(environment: String?) -> [Variable] {
        values(environment: environment).map { Variable(name: $0.name, value: $0.value, secret: $0.secret, isLiteral: true) }
    }

    /// Whether every capture of `request` (the request at `reference`) has a fresh value in `environment`: one that
    /// request took in this session. A value read from a file (a token saved yesterday), or taken by another request
    /// under the same name, is stale; a request with no captures has nothing to keep fresh, so it is always sent.
    public func hasFresh(of request: RequestSpec, reference: String, environment: String?) -> Bool {
        !request.captures.isEmpty && request.captures.allSatisfy { capture in
            guard let found = value(capture.name, environment: environment) else { return false }
            return !found.isFromFile && found.origin.hasPrefix(reference + " ")
        }
    }

    /// Reads `captures.local.yaml` of the collection in `directory`; a missing file is an empty store, a broken one a
    /// located problem.
    public static func load(collectionDirectory directory: String) throws(CollectionProblem) -> CaptureStore {
        let path = PathText.appending(directory, fileName)
        var store = CaptureStore()
        guard let data = FileManager.default.contents(atPath: path) else { return store }
        let text = String(decoding: data, as: UTF8.self)
        // Nothing but comments: a save whose captures were all secret (they went to secrets.local.yaml).
        let hasContent = text.split(whereSeparator: \.isNewline).contains { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }
        guard hasContent else { return store }
        let parser = CollectionFileParser(file: path)
        let map = try parser.document(text, what: "captured values by environment")
        for environment in map.keys {
            guard let values = try map.map(environment) else { continue }
            for name in values.keys {
                guard let entry = try values.map(name) else { continue }
                let value = try entry.string("value") ?? ""
                store.record([CapturedValue(name: name, value: value, origin: try entry.string("from") ?? path,
                                            capturedAt: Date(timeIntervalSince1970: try entry.double("at") ?? 0), isFromFile: true)],
                             environment: environment)
            }
        }
        return store
    }

    /// Writes the values of `environment`: secret ones into `secrets.local.yaml` (one line each, the rest of that
    /// file untouched), the others into `captures.local.yaml`, merged with what that file holds then (another run
    /// may have saved since this store read it): its other entries stay, and so do the values this store only read from it.
    public func persist(environment: String, collectionDirectory directory: String) throws(SaveError) {
        let mine = values(environment: environment)
        for value in mine where value.secret {
            // secrets.local.yaml is read as templates; a captured value is data, so its `{{` is written escaped.
            let stored = value.value.replacingOccurrences(of: "{{", with: "\\{{")
            try SecretsFile.set(stored, for: value.name, environment: environment, inCollection: directory)
        }
        // Read, merged and written under one lock: a run saving at the same moment cannot write between the read
        // and the write and have its values dropped.
        try DirectoryLock.withLock(on: directory) { () throws(SaveError) in
            try CaptureStore.merge(mine, forgetting: forgotten[CaptureStore.key(environment)] ?? [], environment: environment, intoFileIn: directory)
        }
    }

    private static func merge(_ mine: [CapturedValue], forgetting: Set<String>, environment: String, intoFileIn directory: String) throws(SaveError) {
        var merged: CaptureStore
        do { merged = try CaptureStore.load(collectionDirectory: directory) } catch {
            throw .unreadable(path: PathText.appending(directory, CaptureStore.fileName), reason: error.message)
        }
        // A value this store only read from the file stays as the file has it now, which may be newer.
        merged.record(mine.filter { !$0.secret && !$0.isFromFile }, environment: environment)
        merged.forget(Array(forgetting), environment: environment)
        // A capture now marked secret lives in secrets.local.yaml only: an old plain copy here would win over it.
        for value in mine where value.secret { merged.byEnvironment[CaptureStore.key(environment)]?[value.name] = nil }
        let path = PathText.appending(directory, CaptureStore.fileName)
        // Only secret captures and no file yet: nothing to write here.
        if merged.byEnvironment.values.allSatisfy({ $0.values.allSatisfy(\.secret) }), !FileManager.default.fileExists(atPath: path) { return }
        var lines = ["# Values captured from responses by apiexplorer (--save-captures). Safe to delete."]
        for environmentKey in merged.byEnvironment.keys.sorted() {
            let values = merged.values(environment: environmentKey).filter { !$0.secret }
            guard !values.isEmpty else { continue }
            let name = environmentKey == CaptureStore.key(environment) ? environment : environmentKey
            lines.append("\(YAMLText.scalar(name)):")
            for value in values {
                lines.append("  \(YAMLText.scalar(value.name)):")
                lines.append("    value: \(YAMLText.scalar(value.value))")
                lines.append("    from: \(YAMLText.scalar(value.origin))")
                lines.append("    at: \(Int(value.capturedAt.timeIntervalSince1970))")
            }
        }
        try AtomicFileWriter.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: path)
    }
}
