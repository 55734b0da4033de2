import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Where history lives and how much it keeps: `--history FILE` / `--no-history`, then the environment variables
/// `APIEXPLORER_HISTORY` (a file, or `off`), `APIEXPLORER_HISTORY_BODY_LIMIT` (bytes per body: 1048576, 512K, 2M),
/// `APIEXPLORER_HISTORY_LARGE_BODIES` (`truncate` or `skip`), `APIEXPLORER_HISTORY_SIZE_LIMIT` (the whole file: 100M)
/// and `APIEXPLORER_HISTORY_MAX_AGE` (90d, 12h, 2w; `0` or `off` keeps exchanges however old).
public struct HistorySettings: Sendable, Equatable {
    /// How long an exchange is kept unless `APIEXPLORER_HISTORY_MAX_AGE` says otherwise: 90 days.
    public static let defaultMaxAge: TimeInterval = HistoryAge.standard.seconds

    /// The database file, or nil when history is off.
    public var path: String?
    /// Why history is off, when it is off for a reason the user should hear (a bad setting); nil when it was asked for.
    public var problem: String?
    /// How much is kept.
    public var limits: HistoryLimits
    /// Seconds after which an exchange is removed when history is opened, or nil to keep exchanges however old.
    public var maxAge: TimeInterval?

    /// Creates settings.
    public init(path: String?, problem: String? = nil, limits: HistoryLimits = HistoryLimits(), maxAge: TimeInterval? = defaultMaxAge) {
        self.path = path
        self.problem = problem
        self.limits = limits
        self.maxAge = maxAge
    }

    /// The settings for a command: `file` is `--history FILE`, `disabled` is `--no-history`. A bad value turns history
    /// off with a `problem` naming the variable; it never stops a command.
    public static func resolve(file: String?, disabled: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> HistorySettings {
        if disabled { return HistorySettings(path: nil) }
        var limits = HistoryLimits()
        for (name, apply) in [("APIEXPLORER_HISTORY_BODY_LIMIT", { (bytes: Int) in limits.bodyBytes = bytes }),
                              ("APIEXPLORER_HISTORY_SIZE_LIMIT", { (bytes: Int) in limits.totalBytes = bytes })] {
            guard let text = environment[name], !text.isEmpty else { continue }
            guard let bytes = parseSize(text) else {
                return HistorySettings(path: nil, problem: "history is off: \(name)='\(text)' is not a size (write 1048576, 512K or 2M)")
            }
            apply(bytes)
        }
        if let text = environment["APIEXPLORER_HISTORY_LARGE_BODIES"], !text.isEmpty {
            guard let mode = LargeBodyMode(rawValue: text.lowercased()) else {
                return HistorySettings(path: nil, problem: "history is off: APIEXPLORER_HISTORY_LARGE_BODIES='\(text.lowercased())' must be truncate or skip")
            }
            limits.keepsLargeBodyStart = mode == .truncate
        }
        var maxAge: TimeInterval? = defaultMaxAge
        if let text = environment["APIEXPLORER_HISTORY_MAX_AGE"], !text.isEmpty {
            guard let age = HistoryAge(text) else {
                return HistorySettings(path: nil, problem: "history is off: APIEXPLORER_HISTORY_MAX_AGE='\(text)' is not an age (write 90d, 12h or 2w; 0 or off keeps everything)")
            }
            maxAge = age.limit
        }
        if let file { return HistorySettings(path: file, limits: limits, maxAge: maxAge) }
        if let value = environment["APIEXPLORER_HISTORY"], !value.isEmpty {
            if ["off", "0", "no", "false"].contains(value.lowercased()) { return HistorySettings(path: nil, limits: limits, maxAge: maxAge) }
            return HistorySettings(path: value, limits: limits, maxAge: maxAge)
        }
        return HistorySettings(path: StateDirectory(environment: environment).file("history.sqlite"), limits: limits, maxAge: maxAge)
    }

    /// Bytes from `1048576`, `512K`, `2M` or `1G` (powers of 1024), or nil.
    static func parseSize(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased().replacingOccurrences(of: "IB", with: "").replacingOccurrences(of: "B", with: "")
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        if let last = trimmed.last, let unit = units[last] {
            guard let number = Int(trimmed.dropLast()), number >= 0 else { return nil }
            return number.multipliedReportingOverflow(by: unit).overflow ? nil : number * unit
        }
        guard let number = Int(trimmed), number >= 0 else { return nil }
        return number
    }

    /// Opens the store these settings name, having removed the exchanges older than `maxAge`, or says why history is
    /// off (nil and no problem when it was turned off).
    public func open() -> (store: HistoryStore?, problem: String?) {
        guard let path else { return (nil, problem) }
        do {
            let store = try HistoryStore(path: path, limits: limits)
            ageOut(store)
            return (store, nil)
        } catch {
            return (nil, error.description)
        }
    }

    /// Removes from `store` the exchanges older than `maxAge`. Best effort: one that cannot (another process holds the
    /// file past the busy wait) is left for the next start.
    public func ageOut(_ store: HistoryStore, now: Date = Date()) {
        guard let maxAge else { return }
        _ = try? store.ageOut(before: now.addingTimeInterval(-maxAge))
    }
}
