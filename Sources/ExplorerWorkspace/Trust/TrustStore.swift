import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerCore

/// The collections the user trusted, kept in the state directory (`trusted-collections.json`, 0600) as the
/// fingerprint of the exact list each was trusted with, by the collection's real path: a new command, another file
/// or another variable changes the fingerprint, and the collection asks again.
public struct TrustStore: Sendable, Equatable {
    /// The file the fingerprints are kept in.
    public let path: String

    /// Fingerprints kept in `path`.
    public init(path: String) {
        self.path = path
    }

    /// The store in the state directory (`StateDirectory`).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> TrustStore {
        TrustStore(path: StateDirectory(environment: environment).file("trusted-collections.json"))
    }

    /// True when `list` is what its collection was trusted with (an empty list needs no trust; an unreadable file
    /// trusts nothing, so the user is asked again).
    public func trusts(_ list: TrustList) -> Bool {
        list.isEmpty || fingerprints()[TrustStore.key(list.directory)] == list.fingerprint
    }

    /// The grant a send of `list`'s collection has from this store: the list's reads when trusted, else nothing.
    public func grant(_ list: TrustList) -> TrustGrant {
        trusts(list) ? TrustGrant(list) : .nothing
    }

    /// Remembers that `list` is trusted, replacing what its collection was trusted with before.
    public func trust(_ list: TrustList) throws(SaveError) {
        var kept = fingerprints()
        kept[TrustStore.key(list.directory)] = list.fingerprint
        try write(kept)
    }

    /// Forgets the trust of the collection in `directory`; true when there was one.
    @discardableResult
    public func revoke(directory: String) throws(SaveError) -> Bool {
        var kept = fingerprints()
        guard kept.removeValue(forKey: TrustStore.key(directory)) != nil else { return false }
        try write(kept)
        return true
    }

    /// The fingerprints kept, by the collection's real path.
    public func fingerprints() -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: String] else { return [:] }
        return object
    }

    /// The key a collection is kept under: its real path, so two spellings of one directory share a trust.
    public static func key(_ directory: String) -> String {
        CollectionBoundary.realPath(directory)
    }

    private func write(_ fingerprints: [String: String]) throws(SaveError) {
        let directory = PathText.deletingLastComponent(path)
        if !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .writeFailed(path: directory, reason: error.localizedDescription)
            }
        }
        let data: Data
        do { data = try JSONSerialization.data(withJSONObject: fingerprints, options: [.sortedKeys, .prettyPrinted]) } catch {
            throw .writeFailed(path: path, reason: error.localizedDescription)
        }
        try AtomicFileWriter.write(data, to: path, mode: 0o600)
        chmod(path, 0o600)
    }
}
