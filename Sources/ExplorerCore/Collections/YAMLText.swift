import Foundation

/// Writes YAML scalars and blocks the way collection files are written: plain where that is unambiguous, quoted otherwise.
enum YAMLText {
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]

    /// A scalar that reads back as exactly `text`.
    static func scalar(_ text: String) -> String {
        let safe = !text.isEmpty && text.first.map { $0.isLetter || $0.isNumber || "/_.(".contains($0) } == true
            && text.allSatisfy { $0.isLetter || $0.isNumber || " _./()-;,=+*@".contains($0) }
            && !text.hasSuffix(" ") && !reserved.contains(text.lowercased()) && Double(text) == nil && Int(text) == nil
        if safe { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\x%02X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A `key:` block listing name/value entries, indented under a top-level key.
    static func keyValueBlock(_ key: String, _ entries: [KeyValue]) -> [String] {
        guard !entries.isEmpty else { return ["\(key): []"] }
        var lines = ["\(key):"]
        for entry in entries {
            lines.append("  - name: \(scalar(entry.name))")
            lines.append("    value: \(scalar(entry.value))")
            if !entry.enabled { lines.append("    enabled: false") }
        }
        return lines
    }
}
