/// The query of a URL template with each `{{…}}` in it substituted percent-encoded, so a server decodes exactly the
/// value substituted (a base64 token's `+` arrives as `+`, not a space), while the text written around the
/// placeholders keeps the meaning it has in a URL (`?q=a+b` still sends `a b`).
enum URLQueryTemplate {
    /// `template` with the placeholders after its first `?` (and before a `#`) replaced by `substitute` of the whole
    /// placeholder (`{{name}}`), percent-encoded; everything else, `\{{` included, is left for the caller to resolve.
    /// A `?` or `#` inside a placeholder does not count: a URL whose query comes whole from one variable is unchanged.
    static func encodingQueryPlaceholders(_ template: String,
                                          substitute: (String) throws(ResolveError) -> String) throws(ResolveError) -> String {
        guard template.contains("{{"), template.contains("?") else { return template }
        var output = ""
        var rest = Substring(template)
        var inQuery = false
        while !rest.isEmpty {
            if rest.hasPrefix("\\{{") {
                output += "\\{{"
                rest = rest.dropFirst(3)
                continue
            }
            if rest.hasPrefix("{{"), let close = rest.range(of: "}}") {
                let placeholder = String(rest[..<close.upperBound])
                output += inQuery ? QueryEncoding.encode(try substitute(placeholder)) : placeholder
                rest = rest[close.upperBound...]
                continue
            }
            let character = rest.removeFirst()
            if character == "?", !inQuery, !output.contains("#") {
                inQuery = true
            } else if character == "#", inQuery {
                // The fragment is not sent; it is resolved as written, like the path.
                inQuery = false
                output.append(character)
                output += rest
                return output
            }
            output.append(character)
        }
        return output
    }
}
