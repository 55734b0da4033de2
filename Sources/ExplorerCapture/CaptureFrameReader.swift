import NIOCore

/// Reads WebSocket frames (RFC 6455 §5.2) out of bytes as they arrive in pieces: FIN, opcode and the unmasked payload.
struct CaptureFrameReader {
    /// One frame.
    struct Frame {
        let fin: Bool
        let opcode: UInt8
        let payload: [UInt8]
    }

    /// Bytes that are not a WebSocket frame, or a frame over the size limit.
    struct Unreadable: Error {}

    /// The largest frame payload read.
    static let maximumPayload = 1 << 26

    private var buffer = ByteBuffer()

    /// The frames `bytes` completes, in order; what is left of an unfinished frame waits for the next bytes.
    mutating func frames(_ bytes: ByteBuffer) throws(Unreadable) -> [Frame] {
        var bytes = bytes
        buffer.writeBuffer(&bytes)
        var frames: [Frame] = []
        while let frame = try next() { frames.append(frame) }
        buffer.discardReadBytes()
        return frames
    }

    private mutating func next() throws(Unreadable) -> Frame? {
        let start = buffer.readerIndex
        guard let first = buffer.getInteger(at: start, as: UInt8.self), let second = buffer.getInteger(at: start + 1, as: UInt8.self) else { return nil }
        var offset = 2
        var length = Int(second & 0x7F)
        if length == 126 {
            guard let extended = buffer.getInteger(at: start + offset, as: UInt16.self) else { return nil }
            length = Int(extended)
            offset += 2
        } else if length == 127 {
            guard let extended = buffer.getInteger(at: start + offset, as: UInt64.self) else { return nil }
            guard extended <= UInt64(Self.maximumPayload) else { throw Unreadable() }
            length = Int(extended)
            offset += 8
        }
        guard length <= Self.maximumPayload else { throw Unreadable() }
        var mask: [UInt8]?
        if second & 0x80 != 0 {
            guard let key = buffer.getBytes(at: start + offset, length: 4) else { return nil }
            mask = key
            offset += 4
        }
        guard var payload = buffer.getBytes(at: start + offset, length: length) else { return nil }
        if let mask {
            for index in payload.indices { payload[index] ^= mask[index % 4] }
        }
        buffer.moveReaderIndex(forwardBy: offset + length)
        return Frame(fin: first & 0x80 != 0, opcode: first & 0x0F, payload: payload)
    }
}
