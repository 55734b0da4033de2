import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The collections whose `{{$command …}}` the user allowed, kept in the state directory
/// (`$XDG_STATE_HOME/apiexplorer/allowed-commands.json`, 0600) as the SHA-256 of the files holding commands, so a
/// changed file asks again.
public struct CommandApprovals: Sendable, Equatable {
    /// The file the approvals are kept in.
    public let path: String

    /// Approvals kept in `path`.
    public init(path: String) {
        self.path = path
    }

    /// The approvals in the state directory: `$APIEXPLORER_STATE_DIR`, else `$XDG_STATE_HOME/apiexplorer`, else
    /// `~/.local/state/apiexplorer`, as the token cache finds it.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> CommandApprovals {
        if let state = environment["APIEXPLORER_STATE_DIR"], !state.isEmpty { return CommandApprovals(path: state + "/allowed-commands.json") }
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state")
        return CommandApprovals(path: base + "/apiexplorer/allowed-commands.json")
    }

    /// True when `commands` were allowed as they are now (an unreadable file allows nothing: the user is asked again).
    public func allows(_ commands: CollectionCommands) -> Bool {
        read()[commands.directory] == commands.digest
    }

    /// Remembers that `commands` are allowed, replacing what was allowed for that collection before.
    public func allow(_ commands: CollectionCommands) throws(SaveError) {
        var approvals = read()
        approvals[commands.directory] = commands.digest
        let directory = PathText.deletingLastComponent(path)
        if !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .writeFailed(path: directory, reason: error.localizedDescription)
            }
        }
        let data: Data
        do { data = try JSONSerialization.data(withJSONObject: approvals, options: [.sortedKeys, .prettyPrinted]) } catch {
            throw .writeFailed(path: path, reason: error.localizedDescription)
        }
        try AtomicFileWriter.write(data, to: path, mode: 0o600)
        chmod(path, 0o600)
    }

    private func read() -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: String] else { return [:] }
        return object
    }
}
