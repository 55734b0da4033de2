/// gRPC's length-prefixed messages: a flag byte (1 = compressed), a 32-bit big-endian length, the message. Collects
/// DATA frames' bytes and hands out whole messages; refuses one longer than the limit before buffering it.
struct GRPCMessageFramer {
    /// One message as framed: its bytes and whether they are compressed.
    struct Framed {
        var compressed: Bool
        var bytes: [UInt8]
    }

    /// Why the bytes are not gRPC's framing.
    enum Failure: Error, Equatable {
        case tooLarge(Int, limit: Int)
        case badFlag(UInt8)
    }

    let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0

    init(limit: Int) { self.limit = limit }

    /// True when part of a message is buffered (a stream that ends now ends mid-message).
    var hasPartialMessage: Bool { start < buffer.count }

    mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next whole message; nil when more bytes are needed.
    mutating func next() throws(Failure) -> Framed? {
        guard buffer.count - start >= 5 else { return nil }
        let flag = buffer[start]
        guard flag <= 1 else { throw .badFlag(flag) }
        let length = Int(buffer[start + 1]) << 24 | Int(buffer[start + 2]) << 16 | Int(buffer[start + 3]) << 8 | Int(buffer[start + 4])
        guard length <= limit else { throw .tooLarge(length, limit: limit) }
        guard buffer.count - start - 5 >= length else { return nil }
        let bytes = Array(buffer[(start + 5)..<(start + 5 + length)])
        start += 5 + length
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
        return Framed(compressed: flag == 1, bytes: bytes)
    }

    /// `message` framed: flag and length, then its bytes.
    static func frame(_ message: [UInt8], compressed: Bool) -> [UInt8] {
        let count = UInt32(message.count)
        return [compressed ? 1 : 0, UInt8(count >> 24), UInt8(truncatingIfNeeded: count >> 16), UInt8(truncatingIfNeeded: count >> 8),
                UInt8(truncatingIfNeeded: count)] + message
    }
}
