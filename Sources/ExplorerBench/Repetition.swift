/// How often a case is repeated: a warm-up and `runs` timed runs, except that a run longer than two seconds is
/// its own warm-up (caches are hot after the inputs were written) and such cases stop after three timed runs,
/// so jq on 50 MB of deep nesting does not take ten minutes.
enum Repetition {
    /// Seconds above which a run counts as long.
    static let long = 2.0

    /// The timings of `body` (seconds each), warm-up excluded.
    static func timings(runs: Int, _ body: () throws -> Double) rethrows -> [Double] {
        let first = try body()
        var timings: [Double] = first > long ? [first] : []
        let wanted = first > long ? min(runs, 3) : runs
        while timings.count < wanted { timings.append(try body()) }
        return timings
    }
}
