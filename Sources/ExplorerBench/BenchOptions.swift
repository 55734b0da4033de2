import Foundation

/// What one benchmark run covers: input sizes, repetitions and where the report goes.
struct BenchOptions: Sendable {
    /// Tiny inputs and one repetition: checks that every case runs, measures nothing meaningful.
    var quick: Bool
    /// Timed repetitions per case (after one warm-up run; see `Repetition` for long cases).
    var runs: Int
    /// Where the Markdown report is written.
    var output: URL
    /// The package root (holds `Collections/`).
    var root: URL

    /// JSON sizes for the formatting cases, in bytes.
    var formatSizes: [Int] { quick ? [100_000] : [1_000_000, 10_000_000, 50_000_000] }
    /// Requests per HTTP case.
    var requestCount: Int { quick ? 20 : 1000 }
    /// Requests in flight for the concurrent HTTP case.
    var concurrency: Int { quick ? 5 : 50 }
    /// Requests in the generated large collection.
    var generatedRequests: Int { quick ? 50 : 5000 }
    /// Large response bodies shown in the explorer, in bytes.
    var largeBodies: [Int] { quick ? [200_000] : [5_000_000, 50_000_000] }
    /// PageDown presses timed per large-body run.
    var pageDowns: Int { quick ? 2 : 5 }
}
