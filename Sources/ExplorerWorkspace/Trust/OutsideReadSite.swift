/// An outside read and the place in a collection file that asks for it.
public struct OutsideReadSite: Sendable, Equatable {
    /// What is read or run.
    public var read: OutsideRead
    /// Where it is written (`file:line`).
    public var location: SourceLocation

    /// Creates a site.
    public init(_ read: OutsideRead, at location: SourceLocation) {
        self.read = read
        self.location = location
    }
}
