extension LoadThreshold {
    /// The threshold as k6 writes it: the metric (`http_req_duration`, `http_req_failed`, `checks`, `http_reqs`) and
    /// its expression (`p(99)<200`, `rate<0.001`).
    public var k6: (metric: String, expression: String) {
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        switch metric {
        case .p50: return ("http_req_duration", "p(50)\(comparison)\(number(limit))")
        case .p90: return ("http_req_duration", "p(90)\(comparison)\(number(limit))")
        case .p99: return ("http_req_duration", "p(99)\(comparison)\(number(limit))")
        case .p999: return ("http_req_duration", "p(99.9)\(comparison)\(number(limit))")
        case .max: return ("http_req_duration", "max\(comparison)\(number(limit))")
        case .mean: return ("http_req_duration", "avg\(comparison)\(number(limit))")
        case .errors: return ("http_req_failed", "rate\(comparison)\(number(limit / 100))")
        case .checks: return ("checks", "rate\(comparison)\(number(limit / 100))")
        case .rate: return ("http_reqs", "rate\(comparison)\(number(limit))")
        }
    }
}
