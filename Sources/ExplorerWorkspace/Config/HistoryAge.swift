/// How old an exchange history keeps may be: a number and a unit (`45s`, `90m`, `12h`, `30d`, `2w`), or `0` / `off`
/// for no limit (`history.maxAge`, `APIEXPLORER_HISTORY_MAX_AGE`, `history prune --older-than`).
public struct HistoryAge: Sendable, Equatable, CustomStringConvertible {
    /// The age in seconds; 0 for `0`, `off` or no time at all.
    public let seconds: Double
    /// Whether it was written as a number with a unit (`0` and `off` are not).
    public let hasUnit: Bool
    /// The age as written.
    public let description: String

    /// The default: 90 days.
    public static let standard = HistoryAge(seconds: 90 * 86_400, hasUnit: true, description: "90d")

    private init(seconds: Double, hasUnit: Bool, description: String) {
        self.seconds = seconds
        self.hasUnit = hasUnit
        self.description = description
    }

    /// The oldest an exchange may be, in seconds, as a limit: nil (none) for an age of 0.
    public var limit: Double? { seconds > 0 ? seconds : nil }

    /// The age `text` writes, or nil when it is not one.
    public init?(_ text: String) {
        if ["0", "off"].contains(text.lowercased()) {
            self.init(seconds: 0, hasUnit: false, description: text)
            return
        }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        guard let last = text.last, let unit = units[last], let number = Double(text.dropLast()), number >= 0, number.isFinite else {
            return nil
        }
        self.init(seconds: number * unit, hasUnit: true, description: text)
    }
}
