/// Why a message could not be encoded or decoded, and where: the JSON path of the field (`$.created`).
public struct ProtoCodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public var reason: String
    /// The field's JSON path, `$` for the message itself; empty when not known.
    public var path: String

    /// An error at `path`.
    public init(_ reason: String, at path: String) {
        self.reason = reason
        self.path = path
    }

    /// `$.created: expected an RFC 3339 timestamp, got "soon"`.
    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }

    func at(_ path: String) -> ProtoCodecError {
        self.path.isEmpty ? ProtoCodecError(reason, at: path) : self
    }
}
