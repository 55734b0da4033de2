/// The type of a protobuf field: a scalar, an enum or a message (by full name, without the leading dot).
public enum ProtoFieldType: Sendable, Equatable {
    case double, float, int64, uint64, int32, fixed64, fixed32, bool, string, bytes, uint32, sfixed32, sfixed64, sint32, sint64
    /// An enum, by full name.
    case enumeration(String)
    /// A message, by full name.
    case message(String)
    /// A proto2 group, by its message's full name (decoded as unknown: groups are deprecated and rare).
    case group(String)

    /// The wire type a single value is written with (0 varint, 1 fixed64, 2 length-delimited, 5 fixed32).
    var wireType: Int {
        switch self {
        case .double, .fixed64, .sfixed64: return 1
        case .float, .fixed32, .sfixed32: return 5
        case .string, .bytes, .message: return 2
        case .group: return 3
        case .int64, .uint64, .int32, .bool, .uint32, .sint32, .sint64, .enumeration: return 0
        }
    }

    /// True for the scalar types a repeated field may pack into one length-delimited record.
    var isPackable: Bool {
        switch self {
        case .string, .bytes, .message, .group: return false
        default: return true
        }
    }

    /// The name `.proto` files use: `int64`, `shop.v1.Item`.
    public var protoName: String {
        switch self {
        case let .enumeration(name), let .message(name), let .group(name): return name
        default: return "\(self)"
        }
    }
}
