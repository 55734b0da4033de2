/// Writes protobuf's wire format: tags, varints, fixed-width values and length-delimited bytes.
struct ProtoWireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    mutating func tag(_ number: Int32, wireType: Int) {
        varint(UInt64(number) << 3 | UInt64(wireType))
    }

    mutating func fixed32(_ value: UInt32) {
        for offset in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * offset))) }
    }

    mutating func fixed64(_ value: UInt64) {
        for offset in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * offset))) }
    }

    mutating func lengthDelimited(_ content: [UInt8]) {
        varint(UInt64(content.count))
        bytes.append(contentsOf: content)
    }

    static func zigZag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    static func unZigZag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}
