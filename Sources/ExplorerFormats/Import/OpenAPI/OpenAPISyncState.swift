import ExplorerCore
import ExplorerWorkspace
import Foundation

/// What `import openapi` wrote, kept in `.openapi-sync.json` in the collection so that `import openapi --update` can
/// tell new operations, requests the user has not touched, edited ones and operations the spec dropped.
public struct OpenAPISyncState: Sendable, Equatable, Codable {
    /// The file name, in the collection's directory (a dot name, which the loader skips).
    public static let fileName = ".openapi-sync.json"

    /// The imported operations by `METHOD url` (`GET /pets/{{petId}}`).
    public var operations: [String: OpenAPISyncEntry]

    /// Creates a state.
    public init(operations: [String: OpenAPISyncEntry] = [:]) {
        self.operations = operations
    }

    /// The state of a collection just written: every request's file and fingerprints, and the `operationIds` of the
    /// import (by `METHOD url`).
    public static func recording(_ collection: CollectionSpec, operationIds: [String: String] = [:]) throws -> OpenAPISyncState {
        var state = OpenAPISyncState()
        for located in collection.allRequests {
            let request = located.request
            let text = try CollectionYAML.request(request)
            state.operations[key(request)] = OpenAPISyncEntry(file: relative(request.file, in: collection.directory),
                                                              written: fingerprint(text), parts: parts(request), spec: text,
                                                              operationId: operationIds[key(request)])
        }
        return state
    }

    /// Reads the state of the collection in `directory`; nil when it has none.
    public static func read(collection directory: String) throws -> OpenAPISyncState? {
        guard let data = FileManager.default.contents(atPath: PathText.appending(directory, fileName)) else { return nil }
        return try JSONDecoder().decode(OpenAPISyncState.self, from: data)
    }

    /// Writes the state into the collection in `directory`.
    public func write(collection directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFileWriter.write(try encoder.encode(self), to: PathText.appending(directory, Self.fileName))
    }

    /// The operation a request was made from: its method and URL template.
    static func key(_ request: RequestSpec) -> String {
        "\(request.method) \(request.url)"
    }

    /// Fingerprints of the parts of a request a spec gives.
    static func parts(_ request: RequestSpec) -> [String: String] {
        [
            "name": fingerprint(request.name), "description": fingerprint(request.description ?? ""),
            "query": fingerprint("\(request.query)"), "headers": fingerprint("\(request.headers)"),
            "body": fingerprint("\(request.body)"), "auth": fingerprint("\(request.auth)"), "variables": fingerprint("\(request.variables)"),
        ]
    }

    /// FNV-1a of the text, in hex: enough to notice an edit, and stable across runs (unlike `hashValue`).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    static func relative(_ file: String, in directory: String) -> String {
        file.hasPrefix(directory + "/") ? String(file.dropFirst(directory.count + 1)) : file
    }
}
