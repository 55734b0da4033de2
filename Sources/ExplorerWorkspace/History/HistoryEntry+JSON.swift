import Foundation

extension HistoryEntry {
    /// The entry as `history list --json` and MCP's `search_history` give it: `sentAt` as ISO 8601 from `dates`, the
    /// duration in whole milliseconds, what is unknown as null.
    public func jsonObject(dates: ISO8601DateFormatter) -> [String: Any] {
        var object: [String: Any] = ["id": id, "sentAt": dates.string(from: sentAt), "method": method, "url": url]
        object["reference"] = reference ?? NSNull()
        object["environment"] = environment ?? NSNull()
        object["status"] = status ?? NSNull()
        object["durationMs"] = duration.map { Int(($0 * 1000).rounded()) } ?? NSNull()
        object["size"] = size ?? NSNull()
        object["error"] = error ?? NSNull()
        return object
    }

    /// The formatter `jsonObject` wants: UTC, with fractions of a second.
    public static func jsonDates() -> ISO8601DateFormatter {
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return dates
    }
}
