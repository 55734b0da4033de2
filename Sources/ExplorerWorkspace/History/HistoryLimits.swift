import Foundation

/// How much of each exchange history keeps, and how large the whole history may grow.
public struct HistoryLimits: Sendable, Equatable {
    /// Bodies larger than this many bytes are cut (or left out, see `keepsLargeBodyStart`).
    public var bodyBytes: Int
    /// True to keep the first `bodyBytes` of a larger body; false to keep none of it (its size is still noted).
    public var keepsLargeBodyStart: Bool
    /// When the database holds more than this many bytes, the oldest exchanges are removed.
    public var totalBytes: Int

    /// Creates limits; the defaults keep up to 1 MiB of each body and 100 MiB in all.
    public init(bodyBytes: Int = 1 << 20, keepsLargeBodyStart: Bool = true, totalBytes: Int = 100 << 20) {
        self.bodyBytes = bodyBytes
        self.keepsLargeBodyStart = keepsLargeBodyStart
        self.totalBytes = totalBytes
    }
}
