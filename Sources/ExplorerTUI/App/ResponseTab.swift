/// The tabs of the response pane.
public enum ResponseTab: Int, Sendable, CaseIterable {
    /// The formatted body.
    case body
    /// The response headers.
    case headers
    /// Protocol, TLS session and certificate, redirects and timings; offered only when the transport reported them.
    case trace
    /// The cookies the response set; offered only when it set some.
    case cookies

    /// The tabs offered for `summary`, in order.
    static func offered(for summary: ResponseSummary) -> [ResponseTab] {
        [.body, .headers] + (summary.cookies.isEmpty ? [] : [.cookies]) + (summary.trace.isEmpty ? [] : [.trace])
    }

    /// The titles of the tabs offered for `summary`.
    static func titles(for summary: ResponseSummary) -> [StyledLine] {
        offered(for: summary).map { tab in
            switch tab {
            case .body: return StyledLine("Body")
            case .headers: return StyledLine("Headers (\(summary.headers.count))")
            case .trace: return StyledLine("Trace")
            case .cookies: return StyledLine("Cookies (\(summary.cookies.count))")
            }
        }
    }
}
