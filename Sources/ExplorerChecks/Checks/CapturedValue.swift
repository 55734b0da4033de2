import Foundation

/// A value a capture took from a response, with where it came from.
public struct CapturedValue: Sendable, Equatable {
    /// The variable name.
    public var name: String
    /// The value.
    public var value: String
    /// Whether it is shown masked and persisted to `secrets.local.yaml`.
    public var secret: Bool
    /// Where it came from: `Demo/auth/login $.token`.
    public var origin: String
    /// When it was taken.
    public var capturedAt: Date
    /// True when it was read from `captures.local.yaml` rather than taken in this session (a need sends it again).
    public var isFromFile: Bool

    /// Creates a captured value.
    public init(name: String, value: String, secret: Bool = false, origin: String, capturedAt: Date = Date(), isFromFile: Bool = false) {
        self.name = name
        self.value = value
        self.secret = secret
        self.origin = origin
        self.capturedAt = capturedAt
        self.isFromFile = isFromFile
    }
}
