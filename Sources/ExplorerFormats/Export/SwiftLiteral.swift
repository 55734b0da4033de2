/// Writes Swift source literals and identifiers for generated code.
public enum SwiftLiteral {
    /// A one-line string literal: `"…"` with quotes, backslashes and control characters escaped.
    public static func string(_ text: String) -> String {
        "\"" + escaped(text, quotes: true) + "\""
    }

    /// A multi-line string literal (`"""`) whose content lines and closing delimiter are indented by `indent`,
    /// used for text with line breaks; a one-line literal otherwise.
    public static func text(_ text: String, indent: String) -> String {
        guard text.contains("\n") else { return string(text) }
        // Inside """ only backslashes, control characters and a run of three quotes need escaping.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : indent + escaped(String(line), quotes: false).replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
        }
        return "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indent + "\"\"\""
    }

    private static func escaped(_ text: String, quotes: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"" where quotes: out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static let keywords: Set<String> = [
        "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do", "else",
        "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
        "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public", "repeat", "rethrows",
        "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try",
        "typealias", "var", "where", "while", "Any", "Type",
    ]

    /// A `lowerCamelCase` identifier made from any name (`get-user` → `getUser`), `fallback` when nothing usable is left;
    /// a keyword is wrapped in backticks.
    public static func identifier(_ name: String, fallback: String) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard let first = words.first else { return fallback }
        var result = lowercasedFirst(first) + words.dropFirst().map(capitalizedFirst).joined()
        if let initial = result.first, initial.isNumber { result = fallback + capitalizedFirst(result) }
        return keywords.contains(result) ? "`\(result)`" : result
    }

    /// An `UpperCamelCase` type name made from any name (`my shop` → `MyShop`).
    public static func typeName(_ name: String, fallback: String) -> String {
        let value = identifier(name, fallback: fallback).replacingOccurrences(of: "`", with: "")
        return capitalizedFirst(value)
    }

    private static func lowercasedFirst(_ word: String) -> String {
        // An all-capitals word (`API`, `URL`) is lower-cased whole, the rest keep their inner capitals.
        if word.allSatisfy({ $0.isUppercase || $0.isNumber }) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func capitalizedFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}
