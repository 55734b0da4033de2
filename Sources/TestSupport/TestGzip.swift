import CZlib

/// gzip for the loopback gRPC server, on zlib's one-shot helpers, apart from the client's streaming code.
enum TestGzip {
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: bytes.count + 1024)
        let count = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                CZlib.deflate(&stream, Z_FINISH)
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<count])
    }

    static func inflate(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 31, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: 16 << 20)
        let (result, count) = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return (CZlib.inflate(&stream, Z_FINISH), target.count - Int(stream.avail_out))
            }
        }
        return result == Z_STREAM_END ? Array(output[..<count]) : nil
    }
}
