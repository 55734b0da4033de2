/// Rewrites other tools' dynamic variables (`{{$guid}}`, `{{$datetime iso8601}}`, `{{$processEnv HOME}}`) into
/// apiexplorer's built-ins; ones without an equivalent are kept as written and reported.
enum DynamicVariables {
    /// Built-ins apiexplorer understands as written.
    static let native: Set<String> = ["$uuid", "$guid", "$random.uuid", "$timestamp", "$isoTimestamp", "$randomInt"]

    /// `text` with every `{{$...}}` mapped; `path` names the item in report entries.
    static func rewrite(_ text: String, path: String, report: inout ImportReport) -> String {
        guard text.contains("{{$") || text.contains("{{ $") else { return text }
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                output += rest[open.lowerBound...]
                return output
            }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if inner.hasPrefix("$") {
                output += "{{" + mapped(inner, path: path, report: &report) + "}}"
            } else {
                output += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    private static func mapped(_ name: String, path: String, report: inout ImportReport) -> String {
        // apiexplorer's own built-ins that read or run something stay active; ActiveTemplates reports them.
        if native.contains(name) || ActiveTemplates.prefixes.contains(where: name.hasPrefix) || name.hasPrefix("$prompt ") { return name }
        let words = name.split(separator: " ").map(String.init)
        let head = words.first ?? name
        switch head {
        case "$randomUUID": return "$uuid"
        case "$isoTimestamp", "$timestamp": return head
        case "$datetime" where words.dropFirst().first == "iso8601": return "$isoTimestamp"
        case "$randomInt", "$random.integer":
            if words.count > 1 { report.add(path, "{{\(name)}}: the range is not supported; imported as {{$randomInt}} (0–999)") }
            return "$randomInt"
        case "$processEnv" where words.count == 2 && !words[1].hasPrefix("%"):
            return "$env.\(words[1])"
        default:
            if head.hasPrefix("$random.integer(") {
                report.add(path, "{{\(name)}}: the range is not supported; imported as {{$randomInt}} (0–999)")
                return "$randomInt"
            }
            report.add(path, "{{\(name)}} has no apiexplorer equivalent; kept as written, so sending fails until it is replaced (built-ins: $uuid, $timestamp, $isoTimestamp, $randomInt, $env.NAME)")
            return name
        }
    }
}
