import Foundation

/// Why history cannot be used; the explorer and the CLI say it once and go on without history.
public enum HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not a history database (corrupt, or some other file).
    case unreadable(path: String, reason: String)
    /// The database was written by a newer apiexplorer whose schema this one does not know.
    case newerSchema(path: String)
    /// Another process holds the database locked for longer than the wait allows.
    case locked(path: String)
    /// The file or its directory cannot be created or written.
    case notWritable(path: String, reason: String)
    /// Anything else SQLite reported.
    case failed(path: String, reason: String)

    /// One sentence naming the file and what to do.
    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "history is off: \(path) is not a readable history database (\(reason)); move it away to start a new one"
        case let .newerSchema(path):
            return "history is off: \(path) was written by a newer apiexplorer; upgrade, or pass --history FILE to use another file"
        case let .locked(path):
            return "history is off: \(path) is locked by another process"
        case let .notWritable(path, reason):
            return "history is off: \(path) cannot be written (\(reason)); pass --history FILE or set APIEXPLORER_HISTORY"
        case let .failed(path, reason):
            return "history is off: \(path): \(reason)"
        }
    }
}
