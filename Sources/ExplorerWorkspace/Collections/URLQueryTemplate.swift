import ExplorerCore

/// The query of a URL template with each `{{…}}` in a parameter's value substituted percent-encoded, so a server
/// decodes exactly the value substituted (a base64 token's `+` arrives as `+`, not a space), while the text written
/// around the placeholders keeps the meaning it has in a URL (`?q=a+b` still sends `a b`).
enum URLQueryTemplate {
    /// `template` with each placeholder after a parameter's `=` in its query (after the first `?`, before a `#`)
    /// replaced by `substitute` of the whole placeholder (`{{name}}`), percent-encoded; everything else, `\{{`
    /// included, is left for the caller to resolve. A placeholder standing for names or whole parameters
    /// (`?{{params}}`) keeps its `&` and `=` as separators, and a `?` or `#` inside a placeholder does not count.
    static func encodingQueryPlaceholders(_ template: String,
                                          substitute: (String) throws(ResolveError) -> String) throws(ResolveError) -> String {
        guard template.contains("{{"), template.contains("?") else { return template }
        var output = ""
        var rest = Substring(template)
        var inQuery = false
        var inValue = false
        while !rest.isEmpty {
            if rest.hasPrefix("\\{{") {
                output += "\\{{"
                rest = rest.dropFirst(3)
                continue
            }
            if rest.hasPrefix("{{"), let close = rest.range(of: "}}") {
                let placeholder = String(rest[..<close.upperBound])
                output += inValue ? QueryEncoding.encode(try substitute(placeholder)) : placeholder
                rest = rest[close.upperBound...]
                continue
            }
            let character = rest.removeFirst()
            switch character {
            case "?" where !inQuery && !output.contains("#"): inQuery = true
            case "&" where inQuery: inValue = false
            case "=" where inQuery: inValue = true
            case "#" where inQuery:
                // The fragment is not sent; it is resolved as written, like the path.
                return output + "#" + rest
            default: break
            }
            output.append(character)
        }
        return output
    }
}
