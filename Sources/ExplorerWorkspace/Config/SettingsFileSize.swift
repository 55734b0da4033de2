import ExplorerCore
import Foundation

/// The size limit of the files settings are read from (the config file with its keymaps, theme files): they hold a
/// few kilobytes, and parsing a huge one as YAML took minutes and gigabytes (a 52 MB config: 300 s, 2.2 GB).
public enum SettingsFileSize {
    /// The most bytes a settings file may hold: 1 MiB.
    public static let limit = 1 << 20

    /// Why the `what` at `path` is not read, when its size (checked before reading) is over `limit`; nil otherwise.
    public static func refusal(path: String, what: String) -> String? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard size > limit else { return nil }
        return "the \(what) is \(MeasurementText.byteCount(size)), over the \(MeasurementText.byteCount(limit)) limit for a settings file; not read"
    }
}
