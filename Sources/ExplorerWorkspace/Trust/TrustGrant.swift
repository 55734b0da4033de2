/// What a resolver may read or run outside its collection: the items of a trusted list, or everything (`--trust`).
public struct TrustGrant: Sendable, Equatable {
    /// Everything may be read and run.
    public var allowsEverything: Bool
    /// The reads allowed one by one.
    public var reads: Set<OutsideRead>

    /// Nothing outside the collection.
    public static let nothing = TrustGrant(allowsEverything: false, reads: [])
    /// Everything, for one invocation (`--trust`).
    public static let everything = TrustGrant(allowsEverything: true, reads: [])

    /// A grant of exactly `reads`.
    public init(allowsEverything: Bool = false, reads: Set<OutsideRead>) {
        self.allowsEverything = allowsEverything
        self.reads = reads
    }

    /// The reads a trusted list names: a read not on it (a symbolic link pointed elsewhere since) is still refused.
    public init(_ list: TrustList) {
        self.init(reads: Set(list.reads))
    }

    /// True when `read` may happen.
    public func allows(_ read: OutsideRead) -> Bool {
        allowsEverything || reads.contains(read)
    }
}
