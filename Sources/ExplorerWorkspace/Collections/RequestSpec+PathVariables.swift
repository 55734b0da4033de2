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
        // Read as the resolver reads templates, so an escaped `\{{` is no parameter.
        var names: [String] = []
        for name in TemplateScanner.names(in: String(text)) where !name.isEmpty && !name.hasPrefix("$") && !name.contains(" ") && !names.contains(name) {
            names.append(name)
        }
        return names
    }
}
