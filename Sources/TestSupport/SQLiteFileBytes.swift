import Foundation

/// The bytes of a SQLite database as it lies on disk: the file, its write-ahead log and its shared-memory index, for
/// tests that check what was written (no secret may appear in any of them).
public enum SQLiteFileBytes {
    /// The suffixes of the files a WAL-mode database keeps beside the main one.
    public static let suffixes = ["", "-wal", "-shm"]

    /// The three files' bytes, one after another; a missing file adds nothing.
    public static func read(_ path: String) -> Data {
        suffixes.reduce(into: Data()) { $0 += (try? Data(contentsOf: URL(fileURLWithPath: path + $1))) ?? Data() }
    }
}
