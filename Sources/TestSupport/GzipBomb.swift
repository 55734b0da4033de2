import Foundation

/// A small gzip stream that inflates to a large run of zero bytes, written without zlib.
///
/// One fixed-Huffman deflate block: a literal zero, then back-references of length 258 at distance 1
/// (13 bits for 258 bytes, a ratio of about 160:1), then literals for the remainder.
public enum GzipBomb {
    /// The gzip encoding of `expandedBytes` zero bytes (at least 1).
    public static func make(expandedBytes: Int) -> Data {
        let total = max(1, expandedBytes)
        var writer = BitWriter()
        writer.write(0b011, bits: 3)  // BFINAL = 1, BTYPE = 01 (fixed Huffman)
        writer.write(0x0C, bits: 8)  // literal 0: code 00110000, sent most significant bit first
        var remaining = total - 1
        while remaining >= 258 {
            writer.write(0xA3, bits: 13)  // length 258 (code 285: 11000101) then distance 1 (00000)
            remaining -= 258
        }
        for _ in 0..<remaining { writer.write(0x0C, bits: 8) }
        writer.write(0, bits: 7)  // end of block
        var out = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF])
        out.append(contentsOf: writer.finish())
        out.append(contentsOf: littleEndian(crcOfZeros(count: total)))
        out.append(contentsOf: littleEndian(UInt32(truncatingIfNeeded: total)))
        return out
    }

    /// Packs values least significant bit first, as deflate requires.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt64 = 0
        var count = 0

        mutating func write(_ value: UInt64, bits: Int) {
            buffer |= value << UInt64(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            return bytes
        }
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// The CRC-32 of `count` zero bytes in O(log count), by squaring the GF(2) matrix of one zero byte (as zlib's crc32_combine does).
    static func crcOfZeros(count: Int) -> UInt32 {
        func times(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
            var sum: UInt32 = 0
            var vector = vector
            var index = 0
            while vector != 0 {
                if vector & 1 != 0 { sum ^= matrix[index] }
                vector >>= 1
                index += 1
            }
            return sum
        }
        func square(_ matrix: [UInt32]) -> [UInt32] { matrix.map { times(matrix, $0) } }
        var oneBit: [UInt32] = [0xEDB8_8320]
        for row in 1..<32 { oneBit.append(1 << UInt32(row - 1)) }
        var operatorMatrix = square(square(square(oneBit)))  // one zero byte
        var register: UInt32 = 0xFFFF_FFFF
        var remaining = count
        while remaining > 0 {
            if remaining & 1 != 0 { register = times(operatorMatrix, register) }
            operatorMatrix = square(operatorMatrix)
            remaining >>= 1
        }
        return ~register
    }
}
