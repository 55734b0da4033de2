/// The well-known types whose JSON form is not an object of their fields.
enum ProtoWellKnown {
    static let timestamp = "google.protobuf.Timestamp"
    static let duration = "google.protobuf.Duration"
    static let structType = "google.protobuf.Struct"
    static let value = "google.protobuf.Value"
    static let listValue = "google.protobuf.ListValue"
    static let fieldMask = "google.protobuf.FieldMask"
    static let any = "google.protobuf.Any"
    static let nullValue = "google.protobuf.NullValue"
    static let wrappers: Set<String> = [
        "google.protobuf.DoubleValue", "google.protobuf.FloatValue", "google.protobuf.Int64Value", "google.protobuf.UInt64Value",
        "google.protobuf.Int32Value", "google.protobuf.UInt32Value", "google.protobuf.BoolValue", "google.protobuf.StringValue",
        "google.protobuf.BytesValue",
    ]

    /// True when `name`'s JSON is special: inside an Any it goes under `value` rather than beside `@type`.
    static func hasSpecialJSON(_ name: String) -> Bool {
        wrappers.contains(name) || [timestamp, duration, structType, value, listValue, fieldMask, any].contains(name)
    }

    /// A FieldMask path in its JSON form: `price_cents` → `priceCents`.
    static func camelPath(_ path: String) -> String {
        path.split(separator: ".", omittingEmptySubsequences: false).map { ProtoSchema.camelCase(String($0)) }.joined(separator: ".")
    }

    /// A FieldMask path from its JSON form: `priceCents` → `price_cents`.
    static func snakePath(_ path: String) -> String {
        var out = ""
        for character in path {
            if character.isUppercase {
                out += "_" + character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}
