import ExplorerWorkspace

/// JSON text as proto3's JSON mapping writes it: quoted strings, and numbers in their shortest form with NaN and the
/// infinities as the strings the mapping names.
enum ProtoJSONText {
    /// `value` quoted and escaped.
    static func quoted(_ value: String) -> String { JSONValue.quoted(value) }

    /// A double: `1`, `0.25`, `1e+20`, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "\"NaN\"" }
        if value.isInfinite { return value < 0 ? "\"-Infinity\"" : "\"Infinity\"" }
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A float in its shortest form as a float (`0.1`, not 0.10000000149011612).
    static func number(_ value: Float) -> String {
        if value.isNaN { return "\"NaN\"" }
        if value.isInfinite { return value < 0 ? "\"-Infinity\"" : "\"Infinity\"" }
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
