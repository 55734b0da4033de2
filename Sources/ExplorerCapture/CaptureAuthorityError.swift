import Foundation

/// Why the proxy's certificate authority could not be loaded or made.
public enum CaptureAuthorityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One of the CA's two files is there and the other is not.
    case incomplete(present: String, missing: String)
    /// A CA file could not be read or parsed.
    case unreadable(path: String, reason: String)
    /// A CA file could not be written.
    case unwritable(path: String, reason: String)
    /// A certificate could not be made.
    case creation(reason: String)

    /// The error in words, naming the file.
    public var description: String {
        switch self {
        case let .incomplete(present, missing):
            "the proxy CA is incomplete: \(present) exists but \(missing) does not (remove \(present) to make a new CA, then trust it again)"
        case let .unreadable(path, reason): "cannot read the proxy CA from \(path): \(reason)"
        case let .unwritable(path, reason): "cannot write the proxy CA to \(path): \(reason)"
        case let .creation(reason): "cannot make \(reason)"
        }
    }
}
