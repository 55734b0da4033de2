import ExplorerWorkspace
import Foundation

/// The path a request's URL routes by: what follows the base URL, with the environment's variables resolved.
enum MockRoutePath {
    /// The path of `url` below the base URL: a leading `{{variable}}` is the base and goes; an absolute URL loses the
    /// environment's `baseURL` when it starts with it, else its scheme and host; the query and fragment go.
    static func path(of url: String, environment: EnvironmentSpec?) -> String {
        var text = url
        if text.hasPrefix("{{"), let close = text.range(of: "}}") {
            text = String(text[close.upperBound...])
        } else {
            text = resolved(text, environment: environment)
            let base = environment.map { String($0.baseURL.reversed().drop { $0 == "/" }.reversed()) } ?? ""
            if text.contains("://") {
                if !base.isEmpty, text.hasPrefix(base), text.dropFirst(base.count).first.map({ "/?#".contains($0) }) ?? true {
                    text = String(text.dropFirst(base.count))
                } else if let scheme = text.range(of: "://") {
                    let rest = text[scheme.upperBound...]
                    text = rest.firstIndex(where: { "/?#".contains($0) }).map { String(rest[$0...]) } ?? "/"
                }
            }
        }
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<end]) }
        return text.hasPrefix("/") ? text : "/" + text
    }

    /// `text` with the environment's variables put in; the others (path parameters) stay, to match any segment.
    static func resolved(_ text: String, environment: EnvironmentSpec?) -> String {
        guard let environment, text.contains("{{") else { return text }
        var out = text
        for variable in environment.variables where !variable.name.isEmpty {
            out = out.replacingOccurrences(of: "{{\(variable.name)}}", with: variable.value)
        }
        return out.replacingOccurrences(of: "{{baseURL}}", with: environment.baseURL)
    }

    /// A route path's segments: one holding a `{{variable}}` or `{name}` matches any one segment.
    static func segments(of path: String) -> [MockSegment] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { segment in
            if segment.contains("{{") || (segment.contains("{") && segment.contains("}")) {
                let name = segment.filter { $0 != "{" && $0 != "}" }
                return .variable(String(name))
            }
            return .literal(decoded(segment))
        }
    }

    /// A segment percent-decoded, or as written when it does not decode.
    static func decoded(_ segment: Substring) -> String {
        guard segment.contains("%") else { return String(segment) }
        return segment.removingPercentEncoding ?? String(segment)
    }
}
