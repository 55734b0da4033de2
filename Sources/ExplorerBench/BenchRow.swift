/// One line of the results table: what was measured for apiexplorer, for the reference, and against the target.
struct BenchRow: Sendable {
    /// The case, e.g. "format 10 MB array of objects".
    var name: String
    /// apiexplorer's measurement, formatted with its unit.
    var ours: String
    /// The reference's measurement (jq, curl), or "-" when there is none.
    var reference: String
    /// How apiexplorer compares, e.g. "6.1× jq" or "0.8× curl".
    var ratio: String
    /// The target in words.
    var target: String
    /// Whether the target was met; nil when the case has no target.
    var met: Bool?
}
