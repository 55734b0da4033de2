/// A protobuf message type: its fields in declaration order, found by number or by either of their names.
public struct ProtoMessageType: Sendable {
    /// The full name (`shop.v1.Item`).
    public var fullName: String
    /// The fields in declaration order.
    public var fields: [ProtoField]
    /// True for the synthetic entry type of a map field.
    public var isMapEntry: Bool
    private var byNumber: [Int32: Int] = [:]
    private var byName: [String: Int] = [:]

    init(fullName: String, fields: [ProtoField], isMapEntry: Bool) {
        self.fullName = fullName
        self.fields = fields
        self.isMapEntry = isMapEntry
        for (index, field) in fields.enumerated() {
            byNumber[field.number] = index
            byName[field.name] = index
            if byName[field.jsonName] == nil { byName[field.jsonName] = index }
        }
    }

    /// The field with this number.
    public func field(number: Int32) -> ProtoField? { byNumber[number].map { fields[$0] } }

    /// The field with this JSON name or `.proto` name.
    public func field(named name: String) -> ProtoField? { byName[name].map { fields[$0] } }
}
