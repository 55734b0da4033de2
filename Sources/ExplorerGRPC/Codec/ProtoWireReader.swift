/// Reads protobuf's wire format from bytes: tags, varints, fixed-width values and length-delimited ranges, refusing
/// anything that runs past the end.
struct ProtoWireReader {
    /// One field value as it came off the wire.
    enum Value {
        case varint(UInt64)
        case fixed64(UInt64)
        case fixed32(UInt32)
        case bytes(Range<Int>)
    }

    let bytes: [UInt8]
    private(set) var index: Int
    let end: Int

    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        index = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { index >= end }

    mutating func varint() throws(ProtoCodecError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < end {
            let byte = bytes[index]
            index += 1
            if shift == 63, byte > 1 { throw ProtoCodecError("a varint is longer than 64 bits", at: "") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        throw ProtoCodecError("the message ends inside a varint", at: "")
    }

    mutating func fixed32() throws(ProtoCodecError) -> UInt32 {
        guard end - index >= 4 else { throw ProtoCodecError("the message ends inside a 32-bit value", at: "") }
        var value: UInt32 = 0
        for offset in 0..<4 { value |= UInt32(bytes[index + offset]) << (8 * offset) }
        index += 4
        return value
    }

    mutating func fixed64() throws(ProtoCodecError) -> UInt64 {
        guard end - index >= 8 else { throw ProtoCodecError("the message ends inside a 64-bit value", at: "") }
        var value: UInt64 = 0
        for offset in 0..<8 { value |= UInt64(bytes[index + offset]) << (8 * offset) }
        index += 8
        return value
    }

    mutating func lengthDelimited() throws(ProtoCodecError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - index) else { throw ProtoCodecError("a length-delimited field runs past the end of the message", at: "") }
        let range = index..<(index + Int(length))
        index += Int(length)
        return range
    }

    /// The next field's number and wire type; nil at the end.
    mutating func tag() throws(ProtoCodecError) -> (number: Int32, wireType: Int)? {
        guard !isAtEnd else { return nil }
        let tag = try varint()
        let number = tag >> 3
        guard number >= 1, number <= 536_870_911 else { throw ProtoCodecError("field number \(number) is out of range", at: "") }
        return (Int32(number), Int(tag & 7))
    }

    /// The value of a field with `wireType`; groups (3) are skipped to their end and come back as `nil`.
    mutating func value(wireType: Int, number: Int32) throws(ProtoCodecError) -> Value? {
        switch wireType {
        case 0: return .varint(try varint())
        case 1: return .fixed64(try fixed64())
        case 2: return .bytes(try lengthDelimited())
        case 5: return .fixed32(try fixed32())
        case 3:
            try skipGroup(number, depth: 0)
            return nil
        default: throw ProtoCodecError("field \(number) has wire type \(wireType), which protobuf does not have", at: "")
        }
    }

    private mutating func skipGroup(_ number: Int32, depth: Int) throws(ProtoCodecError) {
        guard depth < 64 else { throw ProtoCodecError("groups are nested more than 64 deep", at: "") }
        while let (inner, wireType) = try tag() {
            if wireType == 4 {
                guard inner == number else { throw ProtoCodecError("group \(number) ends with the end of group \(inner)", at: "") }
                return
            }
            if wireType == 3 { try skipGroup(inner, depth: depth + 1) } else { _ = try value(wireType: wireType, number: inner) }
        }
        throw ProtoCodecError("the message ends inside group \(number)", at: "")
    }
}
