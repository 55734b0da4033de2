extension RequestSpec {
    /// The `{{variables}}` in the URL's path, in order and once each (`/pets/{{petId}}` has `petId`): not those in
    /// the host (`https://{{host}}/…`, a leading `{{baseURL}}`) or the query, nor built-in `{{$…}}` ones.
    public var pathVariableNames: [String] {
        var text = Substring(url)
        if let query = text.firstIndex(of: "?") { text = text[..<query] }
        if let scheme = text.range(of: "://") { text = text[scheme.upperBound...] }
        if text.hasPrefix("{{") || url.contains("://") {
            // What comes before the first `/` is the host, however it is written.
            text = text.firstIndex(of: "/").map { text[$0...] } ?? ""
        }
        var names: [String] = []
        while let open = text.range(of: "{{"), let close = text[open.upperBound...].range(of: "}}") {
            let name = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, !name.hasPrefix("$"), !name.contains(" "), !names.contains(name) { names.append(name) }
            text = text[close.upperBound...]
        }
        return names
    }
}
