/// One entry of a request's `captures:` list: a variable name bound to a value taken from the response.
public struct CaptureSpec: Sendable, Equatable {
    /// The variable name later requests use as `{{name}}`.
    public var name: String
    /// Where the value comes from.
    public var source: CaptureSource
    /// Whether the value is masked in output and persisted to `secrets.local.yaml` rather than `captures.local.yaml`.
    public var secret: Bool
    /// Where the capture is written, for messages.
    public var location: SourceLocation

    /// Creates a capture.
    public init(name: String, source: CaptureSource, secret: Bool = false, location: SourceLocation = SourceLocation(file: "")) {
        self.name = name
        self.source = source
        self.secret = secret
        self.location = location
    }

    /// Equal captures bind the same name to the same source, wherever they are written.
    public static func == (lhs: CaptureSpec, rhs: CaptureSpec) -> Bool {
        lhs.name == rhs.name && lhs.source == rhs.source && lhs.secret == rhs.secret
    }
}
