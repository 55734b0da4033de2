import ExplorerWorkspace
import Foundation

/// Rewrites Insomnia's Nunjucks templates into apiexplorer's: `{{ _.base_url }}` and `{{ base_url }}` become
/// `{{base_url}}`, `{% uuid %}` and `{% now %}` the matching built-ins; anything else (filters, `{% response %}`,
/// `{% prompt %}`…) is kept as written and reported, since apiexplorer does not evaluate it.
enum InsomniaTemplate {
    /// `text` with every template it can carry over rewritten; `label` names the item in report entries.
    static func convert(_ text: String, label: String, report: inout ImportReport) -> String {
        guard text.contains("{{") || text.contains("{%") else { return text }
        var output = ""
        var rest = Substring(text)
        while true {
            // Whichever of `{{` and `{%` comes first is handled first.
            let variableOpen = rest.firstRange(of: "{{")
            let tagOpen = rest.firstRange(of: "{%")
            let isTag: Bool
            let start: Range<Substring.Index>
            switch (variableOpen, tagOpen) {
            case (nil, nil): return output + rest
            case let (variable?, tag?): isTag = tag.lowerBound < variable.lowerBound; start = isTag ? tag : variable
            case let (variable?, nil): isTag = false; start = variable
            case let (nil, tag?): isTag = true; start = tag
            }
            output += rest[..<start.lowerBound]
            guard let close = rest[start.upperBound...].firstRange(of: isTag ? "%}" : "}}") else {
                return output + rest[start.lowerBound...]
            }
            let inner = rest[start.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let written = String(rest[start.lowerBound..<close.upperBound])
            output += isTag ? tag(inner, written: written, label: label, report: &report)
                : variable(inner, written: written, label: label, report: &report)
            rest = rest[close.upperBound...]
        }
    }

    /// `_.name` or `name` as `{{name}}`; other expressions as written, reported.
    private static func variable(_ inner: String, written: String, label: String, report: inout ImportReport) -> String {
        let name = inner.hasPrefix("_.") ? String(inner.dropFirst(2)) : inner
        if VariableResolver.isValidName(name) { return "{{\(name)}}" }
        // A built-in (`{{ $env.HOME }}`, `{{ $file token }}`) is mapped as the other importers map it.
        if name.hasPrefix("$") { return DynamicVariables.rewrite("{{\(name)}}", path: label, report: &report) }
        report.add(label, "\(written) is a Nunjucks expression apiexplorer does not evaluate; kept as written (sent as text until it is replaced)")
        return written
    }

    /// `{% uuid %}` and `{% now %}` as built-ins; other tags as written, reported.
    private static func tag(_ inner: String, written: String, label: String, report: inout ImportReport) -> String {
        let words = inner.split(separator: " ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\",")) }
        let name = words.first ?? ""
        switch (name, words.dropFirst().first) {
        case ("uuid", _): return "{{$uuid}}"
        case ("now", nil), ("now", "iso-8601"?): return "{{$isoTimestamp}}"
        case ("now", "unix"?): return "{{$timestamp}}"
        default:
            let hint = name == "response" ? "; chain requests with captures and needs instead" : ""
            report.add(label, "template tag {% \(name) %} is not supported; kept as written (sent as text until it is replaced)\(hint)")
            return written
        }
    }
}
