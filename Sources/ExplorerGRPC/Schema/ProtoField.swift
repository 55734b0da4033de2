/// One field of a protobuf message as its descriptor declares it.
public struct ProtoField: Sendable {
    /// The name in the `.proto` file (`price_cents`).
    public var name: String
    /// The name in proto3's JSON mapping (`priceCents`).
    public var jsonName: String
    /// The field number.
    public var number: Int32
    /// What its values are.
    public var type: ProtoFieldType
    /// `repeated` (maps too: a map is a repeated entry message).
    public var isRepeated: Bool
    /// Written packed when repeated (proto3's default for scalars).
    public var isPacked: Bool
    /// The oneof it belongs to, when a real one (not proto3 `optional`'s synthetic oneof).
    public var oneof: String?
    /// Whether a default value is still written and printed: message fields, oneof members, `optional`.
    public var hasPresence: Bool
    /// The map's key and value fields, when the field is a map.
    public var mapEntry: MapEntry?

    /// A map field's entry: its key and value fields (numbers 1 and 2).
    public struct MapEntry: Sendable {
        /// The key field.
        public var key: ProtoFieldType
        /// The value field.
        public var value: ProtoFieldType
    }
}
