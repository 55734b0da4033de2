import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tokens kept between runs, one file per collection, environment and OAuth settings in the state directory
/// (`$XDG_STATE_HOME/apiexplorer/oauth/`), each readable by its owner only (0600) in a directory only they can enter.
public struct OAuth2TokenCache: Sendable, Equatable {
    /// The directory the token files are in.
    public let directory: String

    /// A cache in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// The file a key's token is kept in: the key hashed, so no path or client id shows in the name.
    public func path(for key: String) -> String {
        directory + "/" + HexText.encode(SHA256Hash.hash(Array(key.utf8))) + ".json"
    }

    /// The token kept for `key`, if any (an unreadable file counts as none: the token is fetched again).
    public func token(for key: String) -> OAuth2Token? {
        guard let data = FileManager.default.contents(atPath: path(for: key)) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(OAuth2Token.self, from: data)
    }

    /// Keeps `token` for `key`, replacing the file atomically and leaving it 0600 whatever it was before.
    public func store(_ token: OAuth2Token, for key: String) throws(SaveError) {
        if !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw .writeFailed(path: directory, reason: error.localizedDescription)
            }
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(token) } catch { throw .writeFailed(path: path(for: key), reason: error.localizedDescription) }
        let file = path(for: key)
        try AtomicFileWriter.write(data, to: file, mode: 0o600)
        chmod(file, 0o600)
    }

    /// Forgets the token kept for `key`.
    public func remove(_ key: String) {
        unlink(path(for: key))
    }
}
