/// A protobuf enum type: its values by name and by number.
public struct ProtoEnumType: Sendable {
    /// The full name (`shop.v1.Color`).
    public var fullName: String
    /// The values in declaration order.
    public var values: [(name: String, number: Int32)]

    /// The first name declared for `number` (aliases share a number).
    public func name(of number: Int32) -> String? { values.first { $0.number == number }?.name }

    /// The number of the value named `name`.
    public func number(of name: String) -> Int32? { values.first { $0.name == name }?.number }
}
