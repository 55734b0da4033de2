/// What a `status:` check accepts: one code (`200`), a class (`2xx`) or an inclusive range (`200-299`).
public enum StatusExpectation: Sendable, Equatable {
    /// Exactly this code.
    case code(Int)
    /// Any code whose first digit is this (`2` for `2xx`).
    case statusClass(Int)
    /// Any code in this inclusive range.
    case range(ClosedRange<Int>)

    /// Reads `200`, `2xx` or `200-299`; nil for anything else.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let code = Int(trimmed), (100...599).contains(code) {
            self = .code(code)
        } else if trimmed.count == 3, trimmed.hasSuffix("xx"), let digit = trimmed.first?.wholeNumberValue, (1...5).contains(digit) {
            self = .statusClass(digit)
        } else {
            let halves = trimmed.split(separator: "-", omittingEmptySubsequences: false)
            guard halves.count == 2, let low = Int(halves[0].trimmingCharacters(in: .whitespaces)),
                  let high = Int(halves[1].trimmingCharacters(in: .whitespaces)), low <= high else { return nil }
            self = .range(low...high)
        }
    }

    /// True when `status` is accepted.
    public func accepts(_ status: Int) -> Bool {
        switch self {
        case let .code(code): return status == code
        case let .statusClass(digit): return status / 100 == digit
        case let .range(range): return range.contains(status)
        }
    }

    /// `200`, `2xx` or `200-299`.
    public var description: String {
        switch self {
        case let .code(code): return String(code)
        case let .statusClass(digit): return "\(digit)xx"
        case let .range(range): return "\(range.lowerBound)-\(range.upperBound)"
        }
    }
}
