/// A high percentile of a set of measurements: how slow the slowest one in a hundred was.
enum Percentile {
    /// The nearest-rank `percent`th percentile of `values` (p99 of 1,000 values is the 990th smallest); 0 when empty.
    static func of(_ values: [Double], _ percent: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
