import CZlib

/// gzip for gRPC messages (`grpc-encoding: gzip`), on the system's zlib; inflating stops at a limit, so a small
/// compressed message cannot grow into gigabytes.
enum GRPCGzip {
    /// Why bytes could not be inflated.
    enum Failure: Error, Equatable {
        case tooLarge(limit: Int)
        case corrupt(String)
    }

    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // 31: a gzip wrapper (16) around a 32 KiB window (15).
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return bytes
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        var input = bytes
        let written: Int = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                _ = deflate(&stream, Z_FINISH)
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<written])
    }

    static func decompress(_ bytes: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 31, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .corrupt("zlib could not start") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = bytes
        var result: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while result == Z_OK {
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    result = inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: target[..<(target.count - Int(stream.avail_out))])
                }
                if output.count > limit { return }
                if result == Z_BUF_ERROR, stream.avail_in == 0 { break }
            }
        }
        if output.count > limit { throw .tooLarge(limit: limit) }
        guard result == Z_STREAM_END else { throw .corrupt(result == Z_BUF_ERROR ? "the gzip stream is cut short" : "the gzip stream is not valid") }
        return output
    }
}
