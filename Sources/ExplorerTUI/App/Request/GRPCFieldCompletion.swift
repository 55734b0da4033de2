/// The field names Tab can complete at the cursor of a gRPC message being written.
public struct GRPCFieldCompletion: Sendable, Equatable {
    /// What is typed of the name so far (after its opening quote).
    public var prefix: String
    /// The fields not yet in the object that start with `prefix`, in declaration order.
    public var candidates: [String]
    /// The message whose fields they are (`shop.v1.Item`).
    public var message: String
    /// True when the cursor is inside the name's quotes; false when the quote itself is still to be written.
    public var quoted: Bool

    /// A completion.
    public init(prefix: String, candidates: [String], message: String, quoted: Bool) {
        self.prefix = prefix
        self.candidates = candidates
        self.message = message
        self.quoted = quoted
    }

    /// The longest start every candidate shares (at least `prefix`).
    public var commonPrefix: String {
        guard var common = candidates.first else { return prefix }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        return common.count < prefix.count ? prefix : common
    }
}
