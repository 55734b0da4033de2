import ExplorerCore
import Foundation

/// Where history lives and how much it keeps: `--history FILE` / `--no-history`, then the environment variables
/// `APIEXPLORER_HISTORY` (a file, or `off`), `APIEXPLORER_HISTORY_BODY_LIMIT` (bytes per body: 1048576, 512K, 2M),
/// `APIEXPLORER_HISTORY_LARGE_BODIES` (`truncate` or `skip`) and `APIEXPLORER_HISTORY_SIZE_LIMIT` (the whole file: 100M).
public struct HistorySettings: Sendable, Equatable {
    /// The database file, or nil when history is off.
    public var path: String?
    /// Why history is off, when it is off for a reason the user should hear (a bad setting); nil when it was asked for.
    public var problem: String?
    /// How much is kept.
    public var limits: HistoryLimits

    /// Creates settings.
    public init(path: String?, problem: String? = nil, limits: HistoryLimits = HistoryLimits()) {
        self.path = path
        self.problem = problem
        self.limits = limits
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
        switch environment["APIEXPLORER_HISTORY_LARGE_BODIES"]?.lowercased() {
        case nil, "", "truncate": break
        case "skip": limits.keepsLargeBodyStart = false
        case let other?:
            return HistorySettings(path: nil, problem: "history is off: APIEXPLORER_HISTORY_LARGE_BODIES='\(other)' must be truncate or skip")
        }
        if let file { return HistorySettings(path: file, limits: limits) }
        if let value = environment["APIEXPLORER_HISTORY"], !value.isEmpty {
            if ["off", "0", "no", "false"].contains(value.lowercased()) { return HistorySettings(path: nil, limits: limits) }
            return HistorySettings(path: value, limits: limits)
        }
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state")
        return HistorySettings(path: state + "/apiexplorer/history.sqlite", limits: limits)
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

    /// Opens the store these settings name, or says why history is off (nil and no problem when it was turned off).
    public func open() -> (store: HistoryStore?, problem: String?) {
        guard let path else { return (nil, problem) }
        do {
            return (try HistoryStore(path: path, limits: limits), nil)
        } catch {
            return (nil, error.description)
        }
    }
}
