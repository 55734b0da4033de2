import ArgumentParser
import ExplorerLoad

/// The options that say how a load test sends: `load` runs it, `export k6` writes it for k6.
struct LoadOptions: ParsableArguments {
    @Option(name: .long, help: "Open model: requests (iterations) a second.")
    var rate: Double?

    @Option(name: .long, help: "Closed model: users sending one request after another.")
    var concurrency: Int?

    @Option(name: .long, help: "How long to count, after the warm-up: 30s, 2m.")
    var duration: String?

    @Option(name: .long, help: "How many requests (iterations) to count.")
    var requests: Int?

    @Option(name: .long, help: "Requests in flight at most (default 100).")
    var connections = 100

    @Option(name: .long, help: "Rise linearly to the rate or the users over this long: 10s.")
    var ramp: String?

    @Option(name: .long, help: "Send for this long first without counting: 2s.")
    var warmup: String?

    @Option(name: .long, help: "A condition the test must meet (repeatable): p99<200ms, errors<0.1%, checks>99%, rate>1000.")
    var threshold: [String] = []

    /// The plan the options describe.
    func plan(required: Bool) throws -> LoadPlan {
        do {
            let model: LoadModel
            switch (rate, concurrency) {
            case let (rate?, nil):
                guard rate >= 0.001, rate <= 10_000_000, rate.isFinite else { throw ValidationError("--rate takes requests a second, from 0.001 to 10000000, got \(rate)") }
                model = .open(rate: rate)
            case let (nil, users?):
                guard users >= 1 else { throw ValidationError("--concurrency takes a number of users, at least 1, got \(users)") }
                model = .closed(concurrency: users)
            case (.some, .some):
                throw ValidationError("give --rate (open model) or --concurrency (closed model), not both")
            case (nil, nil):
                guard !required else { throw ValidationError("load needs --rate R (requests a second) or --concurrency C (users)") }
                model = .closed(concurrency: 1)
            }
            let seconds = try duration.map { value throws(LoadPlanError) in try LoadDuration.seconds(value, option: "--duration") }
            guard seconds != nil || requests != nil || !required else { throw ValidationError("load needs --duration (30s) or --requests N") }
            if let requests, requests < 1 { throw ValidationError("--requests takes a number of at least 1, got \(requests)") }
            guard connections >= 1 else { throw ValidationError("--connections takes a number of at least 1, got \(connections)") }
            return LoadPlan(model: model, duration: seconds, requests: requests ?? (seconds == nil ? 1 : nil), connections: connections,
                            ramp: try ramp.map { value throws(LoadPlanError) in try LoadDuration.seconds(value, option: "--ramp") } ?? 0,
                            warmup: try warmup.map { value throws(LoadPlanError) in try LoadDuration.seconds(value, option: "--warmup") } ?? 0)
        } catch let error as LoadPlanError {
            throw ValidationError(error.description)
        }
    }

    /// The `--threshold` expressions, read.
    func thresholds() throws -> [LoadThreshold] {
        var read: [LoadThreshold] = []
        for expression in threshold {
            do throws(LoadPlanError) { read.append(try LoadThreshold(expression)) } catch { throw ValidationError(error.description) }
        }
        return read
    }

    /// True when one of these options was given.
    var isGiven: Bool {
        rate != nil || concurrency != nil || duration != nil || requests != nil || ramp != nil || warmup != nil || !threshold.isEmpty
    }
}
