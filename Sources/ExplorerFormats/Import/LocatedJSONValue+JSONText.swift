/// JSON text of located values, for bodies made from examples in YAML or JSON descriptions.
extension LocatedJSONValue {
    /// The value as JSON, objects and arrays indented by two spaces, members in their order.
    package var jsonText: String {
        var out = ""
        write(into: &out, indent: 0)
        return out
    }

    /// A scalar as the text a form field or a query parameter holds; containers as compact JSON.
    package var fieldText: String {
        switch kind {
        case let .string(text), let .number(text): return text
        case let .bool(flag): return flag ? "true" : "false"
        case .null: return ""
        case .object, .array:
            var out = ""
            write(into: &out, indent: nil)
            return out
        }
    }

    /// Appends the JSON of this value; `indent` nil writes it on one line.
    private func write(into out: inout String, indent: Int?) {
        switch kind {
        case let .string(text): Self.quote(text, into: &out)
        case let .number(text): out += text
        case let .bool(flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case let .array(items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                Self.newline(&out, indent.map { $0 + 1 })
                item.write(into: &out, indent: indent.map { $0 + 1 })
            }
            Self.newline(&out, indent)
            out += "]"
        case let .object(members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.newline(&out, indent.map { $0 + 1 })
                Self.quote(member.key, into: &out)
                out += indent == nil ? ":" : ": "
                member.value.write(into: &out, indent: indent.map { $0 + 1 })
            }
            Self.newline(&out, indent)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n" + String(repeating: "  ", count: indent)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    package static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
