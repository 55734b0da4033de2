import ExplorerWorkspace

extension ResolvedBody {
    /// The body as an after script's `pm.request.body.raw` reads it: the text of a JSON or text body, else empty.
    var scriptText: String {
        switch self {
        case let .json(text), let .text(text, _): return text
        default: return ""
        }
    }
}
