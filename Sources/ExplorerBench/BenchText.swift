import Foundation

/// How the report writes sizes, rates and times.
enum BenchText {
    /// `50 MB`, `200 KB`.
    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? "\(bytes / 1_000_000) MB" : "\(bytes / 1000) KB"
    }

    /// `84.2 MB/s (0.594 s)`.
    static func rate(_ megabytesPerSecond: Double, seconds: Double) -> String {
        String(format: "%.1f MB/s (%@)", megabytesPerSecond, time(seconds))
    }

    /// `812 ms` below ten seconds, `12.3 s` above.
    static func time(_ seconds: Double) -> String {
        seconds < 10 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.1f s", seconds)
    }

    /// `123 MB` from kilobytes.
    static func memory(kilobytes: Int) -> String {
        String(format: "%.0f MB", Double(kilobytes) / 1000)
    }
}
