import ExplorerWorkspace
import Foundation

extension BodySpec {
    /// The body as `pm.request.body.raw` reads it before resolving: the text of a JSON or text body, else nil.
    var scriptText: String? {
        switch self {
        case let .json(text), let .text(text, _): return text
        default: return nil
        }
    }

    /// The body a script's `pm.request.body.raw = text` makes: the same kind for a JSON or text body; for none, JSON
    /// when the text parses as JSON, else text; any other kind becomes text.
    func replacingText(with text: String) -> BodySpec {
        switch self {
        case .json, .text: return replacingText(text)
        case .none:
            let isJSON = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
            return text.isEmpty ? .none : isJSON ? .json(text) : .text(text, contentType: nil)
        default: return .text(text, contentType: nil)
        }
    }
}
