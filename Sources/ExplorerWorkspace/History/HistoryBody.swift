import Foundation

/// A body as history keeps it: its bytes (possibly cut at the size limit, or left out) and its full size.
public struct HistoryBody: Sendable, Equatable {
    /// The bytes stored: the whole body, its first part, or nothing.
    public var data: Data
    /// The body's full size in bytes.
    public var size: Int
    /// True when only part of the body (or none of it) is stored.
    public var isTruncated: Bool

    /// Creates a stored body.
    public init(data: Data, size: Int, isTruncated: Bool = false) {
        self.data = data
        self.size = size
        self.isTruncated = isTruncated
    }

    /// No body.
    public static let empty = HistoryBody(data: Data(), size: 0)
}
