import Foundation

/// What a JSONPath filter selected: the values as one JSON array, and how many.
public struct FilteredBody: Sendable {
    /// The values as a compact JSON array.
    public var data: Data
    /// How many values.
    public var count: Int

    /// Creates a result.
    public init(data: Data, count: Int) {
        self.data = data
        self.count = count
    }
}
