import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where each collection and environment's cookies are kept between runs: `cookies/<collection>-<hash>/<environment>.txt`
/// in the state directory, Netscape cookie files readable by their owner only (0600) in directories only they enter.
public struct CookieStore: Sendable, Equatable {
    /// The directory the jars are in.
    public let directory: String

    /// A store in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// The jar file of the collection in `collection` (its directory) and `environment` (`nil` for none). The
    /// collection's folder is its directory's name and a hash of its path, so two collections named alike stay apart.
    public func path(collection: String, environment: String?) -> String {
        let name = PathText.split(collection).name
        let hash = String(HexText.encode(SHA256Hash.hash(Array(CookieStore.canonical(collection).utf8))).prefix(12))
        let folder = CookieStore.fileName(name.isEmpty ? "collection" : name) + "-" + hash
        // `@` is never kept in a file name below, so no environment's file is the one for none.
        let file = environment.map { CookieStore.fileName($0) } ?? "@none"
        return directory + "/" + folder + "/" + file + ".txt"
    }

    /// The collection's directory as one spelling: absolute, symbolic links resolved, so `--collections Collections`
    /// and the default `./Collections` find the same jar.
    static func canonical(_ directory: String) -> String {
        guard !directory.isEmpty else { return directory }
        let absolute = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        guard let resolved = realpath(absolute, nil) else { return absolute }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `text` as a file name: letters, digits, `-`, `_` and inner dots kept; anything else (or a name that had any)
    /// gets a hash of the original so two names never share a file.
    static func fileName(_ text: String) -> String {
        let kept = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
        if kept == text, !text.isEmpty, !text.hasPrefix(".") { return text }
        return kept.trimmingCharacters(in: CharacterSet(charactersIn: ".")) + "_" + HexText.encode(SHA256Hash.hash(Array(text.utf8))).prefix(8)
    }
}
