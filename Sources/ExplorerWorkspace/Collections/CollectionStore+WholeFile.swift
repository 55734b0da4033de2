import ExplorerCore
import Foundation

extension CollectionStore {
    /// Writes `data` as the whole file at `path` (atomically, keeping its permissions), as an external editor left it,
    /// with the check a save makes: when the file changed on disk since `original` (the bytes the edit started from)
    /// was read, nothing is written and `SaveError.conflict` is thrown.
    public static func replaceFile(at path: String, with data: Data, original: Data?) throws(SaveError) {
        _ = try unchangedContents(at: path, since: original)
        try AtomicFileWriter.write(data, to: path)
    }
}
