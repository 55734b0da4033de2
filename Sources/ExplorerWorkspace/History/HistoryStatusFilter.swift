import Foundation

/// Which outcomes a history list shows.
public enum HistoryStatusFilter: Sendable, Equatable, CaseIterable {
    /// Everything.
    case all
    /// 2xx responses.
    case success
    /// 3xx responses.
    case redirect
    /// 4xx responses.
    case clientError
    /// 5xx responses.
    case serverError
    /// Exchanges that got no response.
    case failed

    /// The status codes it allows, or nil for `all` and `failed`.
    public var range: ClosedRange<Int>? {
        switch self {
        case .all, .failed: return nil
        case .success: return 200...299
        case .redirect: return 300...399
        case .clientError: return 400...499
        case .serverError: return 500...599
        }
    }

    /// How it is shown: `all`, `2xx`…, `failed`.
    public var label: String {
        switch self {
        case .all: return "all"
        case .success: return "2xx"
        case .redirect: return "3xx"
        case .clientError: return "4xx"
        case .serverError: return "5xx"
        case .failed: return "failed"
        }
    }

    /// The filter for a command-line word: all, 2xx, 3xx, 4xx, 5xx or failed.
    public init?(label: String) {
        guard let match = Self.allCases.first(where: { $0.label == label.lowercased() }) else { return nil }
        self = match
    }

    /// The next filter in the cycle the explorer's key steps through.
    public var next: HistoryStatusFilter {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}
