import ExplorerCore
import Foundation

/// Writes YAML scalars and blocks the way collection files are written: plain where that is unambiguous, quoted otherwise.
package enum YAMLText {
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]

    /// A scalar that reads back as exactly `text`.
    package static func scalar(_ text: String) -> String {
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
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0xFEFF:
                // YAML allows neither C0 nor C1 controls (nor a byte-order mark) unescaped.
                out += scalar.value <= 0xFF ? String(format: "\\x%02X", scalar.value) : String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `key: value` at `indent` spaces, multi-line text as a literal `|` block (readable bodies) where a literal block
    /// reads back as exactly the text, else as a quoted scalar.
    static func text(_ key: String, _ value: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        guard value.contains("\n"), let literal = literalBlock(value, indent: indent + 2) else { return ["\(pad)\(key): \(scalar(value))"] }
        return ["\(pad)\(key): \(literal.header)"] + literal.lines
    }

    /// The `|` header and indented lines of `value`, or nil when a literal block cannot hold it exactly: control
    /// characters, a first line that starts with a space (its indentation would be read as the block's), or a line of
    /// only spaces (read as an empty line).
    private static func literalBlock(_ value: String, indent: Int) -> (header: String, lines: [String])? {
        guard !value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F
                                                        || (0x80...0x9F).contains($0.value) || $0.value == 0xFEFF || $0 == "\r" }) else { return nil }
        var lines = value.components(separatedBy: "\n")
        let chomp: String
        if value.hasSuffix("\n") {
            lines.removeLast()
            chomp = value.hasSuffix("\n\n") ? "+" : ""
        } else {
            chomp = "-"
        }
        guard let first = lines.first(where: { !$0.isEmpty }), !first.hasPrefix(" "), !first.hasPrefix("\t"),
              !lines.contains(where: { !$0.isEmpty && $0.allSatisfy { $0 == " " || $0 == "\t" } }) else { return nil }
        let pad = String(repeating: " ", count: indent)
        return ("|" + chomp, lines.map { $0.isEmpty ? "" : pad + $0 })
    }

    /// A `key:` block listing name/value entries, indented under a top-level key.
    static func keyValueBlock(_ key: String, _ entries: [KeyValue], indent: Int = 0) -> [String] {
        let pad = String(repeating: " ", count: indent)
        guard !entries.isEmpty else { return ["\(pad)\(key): []"] }
        var lines = ["\(pad)\(key):"]
        for entry in entries {
            lines.append("\(pad)  - name: \(scalar(entry.name))")
            lines += text("value", entry.value, indent: indent + 4)
            if !entry.enabled { lines.append("\(pad)    enabled: false") }
        }
        return lines
    }

    /// The `body:` block of a request file, or no lines for no body.
    static func bodyBlock(_ body: BodySpec) -> [String] {
        var lines = ["body:", "  type: \(body.typeName)"]
        switch body {
        case .none: return []
        case let .json(content): lines += text("content", content, indent: 2)
        case let .text(content, contentType):
            lines += text("content", content, indent: 2)
            if let contentType { lines.append("  contentType: \(scalar(contentType))") }
        case let .form(fields): lines += keyValueBlock("fields", fields, indent: 2)
        case let .multipart(fields):
            guard !fields.isEmpty else { return lines + ["  fields: []"] }
            lines.append("  fields:")
            for field in fields {
                lines.append("    - name: \(scalar(field.name))")
                if let file = field.file { lines.append("      file: \(scalar(file))") } else { lines += text("value", field.value ?? "", indent: 6) }
                if let contentType = field.contentType { lines.append("      contentType: \(scalar(contentType))") }
                if !field.enabled { lines.append("      enabled: false") }
            }
        case let .file(path, contentType):
            lines.append("  file: \(scalar(path))")
            if let contentType { lines.append("  contentType: \(scalar(contentType))") }
        case let .graphql(body):
            lines += text("query", body.query, indent: 2)
            if !body.variables.isEmpty { lines += text("variables", body.variables, indent: 2) }
            if let name = body.operationName { lines.append("  operationName: \(scalar(name))") }
        }
        return lines
    }

    /// The `auth:` block of a request file, or no lines when the request inherits.
    static func authBlock(_ auth: AuthSpec) -> [String] {
        var lines = ["auth:", "  type: \(auth.typeName)"]
        switch auth {
        case .inherit: return []
        case .none: break
        case let .basic(username, password): lines += ["  username: \(scalar(username))", "  password: \(scalar(password))"]
        case let .bearer(token): lines.append("  token: \(scalar(token))")
        case let .apiKey(name, value, inQuery): lines += ["  name: \(scalar(name))", "  value: \(scalar(value))", "  in: \(inQuery ? "query" : "header")"]
        case let .digest(username, password): lines += ["  username: \(scalar(username))", "  password: \(scalar(password))"]
        case let .aws(accessKey, secretKey, sessionToken, region, service):
            lines += ["  accessKey: \(scalar(accessKey))", "  secretKey: \(scalar(secretKey))"]
            if !sessionToken.isEmpty { lines.append("  sessionToken: \(scalar(sessionToken))") }
            lines += ["  region: \(scalar(region))", "  service: \(scalar(service))"]
        case let .oauth2(settings):
            // The port is a number in the file, not text.
            lines += settings.fileFields.map { "  \($0.key): \($0.key == "redirectPort" ? $0.value : scalar($0.value))" }
            if !settings.parameters.isEmpty { lines += keyValueBlock("parameters", settings.parameters, indent: 2) }
        }
        return lines
    }

    /// A number as a file writes it: `5`, not `5.0`.
    package static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
