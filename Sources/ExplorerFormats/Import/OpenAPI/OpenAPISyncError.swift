/// Why `import openapi --update` could not update a collection.
public enum OpenAPISyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no collection at the path to update.
    case noCollection(path: String)
    /// The collection was not imported from a spec (it has no `.openapi-sync.json`), or that file does not read.
    case noState(path: String, reason: String)
    /// Writing a file failed; the files listed before it were written.
    case failed(path: String, reason: String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case let .noCollection(path):
            return "there is no collection at \(path) to update; import it without --update first (or give --name)"
        case let .noState(path, reason):
            return "\(path) \(reason); --update needs the file an earlier `apiexplorer import openapi` wrote there"
        case let .failed(path, reason):
            return "writing \(path) failed (\(reason))"
        }
    }
}
