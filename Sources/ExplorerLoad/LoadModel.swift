/// How a load test decides when to send: at a fixed arrival rate, whatever the server does (open), or as fast as a
/// fixed number of users each waiting for their last answer (closed).
public enum LoadModel: Sendable, Equatable, CustomStringConvertible {
    /// Requests start at `rate` per second; each latency counts from when it should have started.
    case open(rate: Double)
    /// `concurrency` users send one request after another.
    case closed(concurrency: Int)

    /// "50 requests/s (open model)" or "8 users (closed model)".
    public var description: String {
        switch self {
        case let .open(rate): return "\(rate == rate.rounded() ? String(Int(rate)) : String(rate)) requests/s (open model)"
        case let .closed(users): return "\(users) user\(users == 1 ? "" : "s") (closed model)"
        }
    }
}
