/// One entry of a request's `needs:` list: a request to send first when its captures are missing.
public struct RequestNeed: Sendable, Equatable {
    /// The reference as written: `folder/request` in the same collection, or `Collection/folder/request`.
    public var reference: String
    /// Where it is written, for a cycle or an unknown reference.
    public var location: SourceLocation

    /// Creates a need.
    public init(reference: String, location: SourceLocation = SourceLocation(file: "")) {
        self.reference = reference
        self.location = location
    }

    /// Equal needs name the same request, wherever they are written.
    public static func == (lhs: RequestNeed, rhs: RequestNeed) -> Bool { lhs.reference == rhs.reference }
}
