/// Why an imported collection was not written; nothing was left behind at the destination.
public enum CollectionWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A collection (or any file) already exists where the import would go.
    case exists(path: String)
    /// Creating a directory or writing a file failed.
    case failed(path: String, reason: String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case let .exists(path):
            return "\(path) already exists; pass --force to replace it, or --name to import under another name. Nothing was written."
        case let .failed(path, reason):
            return "writing \(path) failed (\(reason)); nothing was written."
        }
    }
}
