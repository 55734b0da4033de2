/// The tabs of the response pane.
public enum ResponseTab: Int, Sendable, CaseIterable {
    /// The events of a streamed response, one a line; offered only for a streamed response.
    case stream
    /// The formatted body.
    case body
    /// The response headers.
    case headers
    /// Each check passed or failed, with the actual value, and the values captured.
    case checks
    /// The cookies the response set; offered only when it set some.
    case cookies
    /// Protocol, TLS session and certificate, redirects and timings; offered only when the transport reported them.
    case trace

    /// The tab's name, as help lists it.
    public var title: String {
        switch self {
        case .stream: return "Stream"
        case .body: return "Body"
        case .headers: return "Headers"
        case .checks: return "Checks"
        case .cookies: return "Cookies"
        case .trace: return "Trace"
        }
    }

    /// The tabs offered for `summary`, in order.
    static func offered(for summary: ResponseSummary) -> [ResponseTab] {
        (summary.events == nil ? [] : [.stream]) + [.body, .headers, .checks] + (summary.cookies.isEmpty ? [] : [.cookies]) + (summary.trace.isEmpty ? [] : [.trace])
    }

    /// The titles of the tabs offered for `summary`.
    static func titles(for summary: ResponseSummary) -> [StyledLine] {
        offered(for: summary).map { tab in
            switch tab {
            case .stream:
                let kept = summary.events?.count ?? 0
                return StyledLine("Stream (\(summary.eventCount)\(summary.eventCount > kept ? ", \(kept) kept" : ""))")
            case .body: return StyledLine(summary.events == nil ? "Body" : "Raw")
            case .headers: return StyledLine("Headers (\(summary.headers.count))")
            case .checks: return StyledLine(ResponseView.checkTally(summary).map { "Checks \($0)" } ?? "Checks")
            case .cookies: return StyledLine("Cookies (\(summary.cookies.count))")
            case .trace: return StyledLine("Trace")
            }
        }
    }
}
