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
}
