/// Why a save did not happen; the file on disk is left as it was.
public enum SaveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file changed on disk since it was loaded; saving would lose that change.
    case conflict(path: String)
    /// The file could not be parsed to find where to write.
    case unreadable(path: String, reason: String)
    /// Writing failed (disk full, permission denied).
    case writeFailed(path: String, reason: String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case let .conflict(path):
            return "Not saved: \(path) changed on disk since it was loaded. Reload it (your edits are kept in the explorer until you do) or save elsewhere."
        case let .unreadable(path, reason): return "Not saved: \(path) could not be read back (\(reason))."
        case let .writeFailed(path, reason): return "Not saved: writing \(path) failed (\(reason)); the old file is unchanged."
        }
    }
}
