import ExplorerLoad

/// The load-test overlay (`W`) of the selected request: a rate (`50/s`) or a number of users (`8 users`) and a
/// duration, then the test live (throughput, a sparkline of completions per second, percentiles, errors), then its
/// summary. Esc stops a running test and keeps what it counted.
public struct LoadPanel: Sendable, Equatable {
    /// Where the panel is.
    public enum Stage: Sendable, Equatable {
        /// Choosing the rate or users and the duration.
        case setup
        /// The test with this id is running.
        case running(id: Int)
        /// Esc stopped the test with this id; its summary is on its way.
        case stopping(id: Int)
        /// The summary is shown.
        case finished
    }

    /// The request under test, as the title names it.
    public var request: String
    /// Where the panel is.
    public var stage = Stage.setup
    /// `50/s` (the open model) or `8 users` (the closed one).
    public var load = TextField(text: "10/s")
    /// How long: `10s`, `1m`.
    public var duration = TextField(text: "10s")
    /// The field with the cursor: 0 the load, 1 the duration.
    public var field = 0
    /// Why the fields do not read, or why the test could not start.
    public var error: String?
    /// The live line while running.
    public var live = ""
    /// Requests completed in each second so far, for the throughput sparkline.
    public var perSecond: [Int] = []
    /// The mean latency of each second so far (ms), for the latency sparkline.
    public var latencies: [Double] = []
    /// The percentiles while running; the whole summary once finished.
    public var lines: [String] = []
    /// How far the summary is scrolled.
    public var scroll = 0

    /// A panel for the request named `request`.
    public init(request: String) {
        self.request = request
    }

    /// The id of the test running (or stopping), if one is.
    public var testID: Int? {
        switch stage {
        case let .running(id), let .stopping(id): return id
        case .setup, .finished: return nil
        }
    }

    /// The plan the fields describe: `50/s` or `50` a rate, `8 users` or `8u` users; the duration as `load` reads it.
    public func plan() throws(LoadPlanError) -> LoadPlan {
        let text = load.text.trimmingCharacters(in: .whitespaces).lowercased()
        let seconds = try LoadDuration.seconds(duration.text, option: "the duration")
        guard seconds > 0 else { throw LoadPlanError("the duration must be more than 0, such as 10s") }
        for suffix in [" users", " user", "users", "user", "u"] where text.hasSuffix(suffix) {
            guard let users = Int(text.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), users >= 1 else { break }
            return LoadPlan(model: .closed(concurrency: users), duration: seconds)
        }
        let number = text.hasSuffix("/s") ? String(text.dropLast(2)) : text
        guard let rate = Double(number.trimmingCharacters(in: .whitespaces)), rate >= 0.001, rate <= 10_000_000 else {
            throw LoadPlanError("'\(load.text)' is not a rate (50/s) or a number of users (8 users)")
        }
        return LoadPlan(model: .open(rate: rate), duration: seconds)
    }

    /// Takes the live state of the test.
    public mutating func show(_ progress: LoadProgress) {
        live = LoadSummary.liveLine(progress)
        perSecond = progress.summary.perSecond
        latencies = progress.summary.meanLatencyPerSecond
        lines = Array(progress.summary.lines.drop { !$0.hasPrefix("latency") })
    }

    /// Takes the summary of the finished (or stopped) test.
    public mutating func show(_ summary: LoadSummary) {
        stage = .finished
        perSecond = summary.perSecond
        latencies = summary.meanLatencyPerSecond
        lines = summary.lines
        live = ""
        scroll = 0
    }

    /// `▁▂▅█` of the last `width` seconds' completions, scaled to the busiest.
    public func sparkline(width: Int) -> String {
        LoadPanel.sparkline(perSecond.map(Double.init), width: width)
    }

    /// `▁▂▅█` of the last `width` seconds' mean latencies, scaled to the slowest.
    public func latencySparkline(width: Int) -> String {
        LoadPanel.sparkline(latencies, width: width)
    }

    private static func sparkline(_ values: [Double], width: Int) -> String {
        let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let shown = values.suffix(max(0, width))
        guard let most = shown.max(), most > 0 else { return String(repeating: "▁", count: shown.count) }
        return String(shown.map { bars[min(bars.count - 1, Int($0 * Double(bars.count - 1) / most))] })
    }
}
