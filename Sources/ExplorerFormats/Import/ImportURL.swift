import ExplorerCore
import Foundation

/// URL clean-up shared by the importers.
enum ImportURL {
    /// Splits `url`'s query into editable entries when every part is `name=value`, decoding it as a server would;
    /// otherwise (a bare `?flag`, which would come back as `flag=`) the query stays in the URL as written.
    static func splitQuery(_ url: String) -> (url: String, query: [KeyValue]) {
        var base = url
        var fragment = ""
        if let hash = base.firstIndex(of: "#"), !base[hash...].hasPrefix("#{") {
            fragment = String(base[hash...])
            base = String(base[..<hash])
        }
        guard let mark = base.firstIndex(of: "?") else { return (url, []) }
        let query = String(base[base.index(after: mark)...])
        let parts = query.split(separator: "&", omittingEmptySubsequences: true)
        guard !parts.isEmpty, parts.allSatisfy({ $0.contains("=") }) else { return (url, []) }
        let items = QueryEncoding.decode(query).map { KeyValue($0.name, $0.value ?? "") }
        // The fragment is never sent, so dropping it loses nothing a server sees.
        _ = fragment
        return (String(base[..<mark]), items)
    }

    /// `url` with spaces and other characters the collection format refuses percent-encoded, `{{variables}}` kept.
    static func cleaned(_ url: String) -> String {
        var out = ""
        var inVariable = false
        var previous: Character = " "
        for character in url.trimmingCharacters(in: .whitespacesAndNewlines) {
            if previous == "{", character == "{" { inVariable = true }
            if previous == "}", character == "}" { inVariable = false }
            previous = character
            switch character {
            case " " where !inVariable: out += "%20"
            case "\t", "\n", "\r": continue
            default: out.append(character)
            }
        }
        return out
    }

    /// False for a URL the collection loader refuses: absolute, without `{{variables}}`, and with no host once parsed.
    /// Importers leave such requests out (saying so) rather than write a file that cannot load.
    static func isLoadable(_ url: String) -> Bool {
        !url.contains("://") || url.contains("{{") || URL(string: url)?.host?.isEmpty == false
    }
}
