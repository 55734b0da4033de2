import Foundation

/// How apiexplorer writes times and sizes, the same in the command line and the explorer.
public enum MeasurementText {
    /// `12 ms` below a second, `1.25 s` from there on.
    public static func duration(_ seconds: TimeInterval) -> String {
        seconds < 1 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    /// `512 B`, `1.5 KB` or `12.3 MB`.
    public static func byteCount(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / 1024 / 1024)
    }

    /// A body's size as shown, `124 B`, and for a compressed body also what came over the wire: `124 B (114 B on the wire)`;
    /// `notes` about the body go first in the same parentheses (`24.0 MB (paged from a temporary file, 155.0 KB on the wire)`).
    public static func bodySize(_ bytes: Int, onTheWire wire: Int?, notes: [String] = []) -> String {
        let parts = notes + (wire.map { $0 != bytes ? ["\(byteCount($0)) on the wire"] : [] } ?? [])
        return parts.isEmpty ? byteCount(bytes) : "\(byteCount(bytes)) (\(parts.joined(separator: ", ")))"
    }

    /// `2026-11-24 23:41:05` in local time, or `23:41:05` when `relativeTo` is the same day.
    public static func timestamp(_ date: Date, relativeTo now: Date? = nil) -> String {
        let sameDay = now.map { Calendar.current.isDate($0, inSameDayAs: date) } ?? false
        return (sameDay ? timeOfDay : dateAndTime).string(from: date)
    }

    // Made once: a DateFormatter costs about 0.1 ms to create, and a history list formats a time per row. Formatting
    // with a shared DateFormatter is thread-safe.
    private static let timeOfDay = formatter("HH:mm:ss")
    private static let dateAndTime = formatter("yyyy-MM-dd HH:mm:ss")

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        return formatter
    }
}
