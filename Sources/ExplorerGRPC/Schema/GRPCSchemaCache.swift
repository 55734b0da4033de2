import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Schemas found by server reflection, kept as descriptor sets in the state directory's `grpc` folder, one file per
/// server (`127.0.0.1_50051.protoset`), so the next call and completion need no reflection round trip.
public struct GRPCSchemaCache: Sendable {
    /// The directory the files are in.
    public var directory: URL

    /// A cache in `directory`.
    public init(directory: URL) { self.directory = directory }

    /// The state directory's `grpc` folder (`APIEXPLORER_STATE_DIR` and the XDG rules decide where that is).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> GRPCSchemaCache {
        GRPCSchemaCache(directory: URL(fileURLWithPath: StateDirectory(environment: environment).file("grpc")))
    }

    /// The file for the server at `authority` (`host:port`).
    public func file(for authority: String) -> URL {
        let safe = String(authority.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return directory.appendingPathComponent(safe + ".protoset")
    }

    /// The cached schema of the server at `authority`; nil when there is none or it no longer reads.
    public func read(_ authority: String) -> ProtoSchema? {
        guard let data = try? Data(contentsOf: file(for: authority)) else { return nil }
        return try? ProtoSchema(descriptorSet: data)
    }

    /// Keeps `schema` for the server at `authority`, replacing the one before whole.
    public func write(_ schema: ProtoSchema, for authority: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try AtomicFileWriter.write(schema.descriptorSet(), to: file(for: authority).path, mode: 0o600)
    }
}
