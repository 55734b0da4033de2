import CZlib

/// gzip and deflate on the system's zlib, for bodies the transport does not decode itself (gRPC messages, the
/// capturing proxy's records); inflating stops at a limit, so a small compressed body cannot grow into gigabytes.
package enum ZlibCodec {
    /// Why bytes could not be inflated.
    package enum Failure: Error, Equatable {
        case tooLarge(limit: Int)
        case corrupt(String)
    }

    /// The wrapper around the deflate stream.
    package enum Format: Sendable {
        /// RFC 1952 (`Content-Encoding: gzip`, `grpc-encoding: gzip`).
        case gzip
        /// RFC 1950, what `Content-Encoding: deflate` means; a bare RFC 1951 stream (which some servers send
        /// instead) is read too.
        case deflate

        /// zlib's window bits: 31 is a gzip wrapper (16) around a 32 KiB window (15); 15 a zlib wrapper; -15 none.
        fileprivate var windowBits: Int32 {
            switch self {
            case .gzip: 31
            case .deflate: 15
            }
        }
    }

    /// `bytes` gzip-compressed.
    package static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, Format.gzip.windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
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

    /// `bytes` inflated; throws when the stream is not valid, and unless `keepsStart` when it is cut short or inflates
    /// past `limit` bytes (with `keepsStart`, what it inflates to up to `limit` is the answer: the start of a body).
    package static func decompress(_ bytes: [UInt8], format: Format = .gzip, limit: Int, keepsStart: Bool = false) throws(Failure) -> [UInt8] {
        do {
            return try inflate(bytes, windowBits: format.windowBits, limit: limit, keepsStart: keepsStart)
        } catch .corrupt where format == .deflate {
            return try inflate(bytes, windowBits: -15, limit: limit, keepsStart: keepsStart)
        }
    }

    private static func inflate(_ bytes: [UInt8], windowBits: Int32, limit: Int, keepsStart: Bool) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .corrupt("zlib could not start") }
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
                    result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: target[..<(target.count - Int(stream.avail_out))])
                }
                if output.count > limit { return }
                if result == Z_BUF_ERROR, stream.avail_in == 0 { break }
            }
        }
        if keepsStart, result == Z_OK || result == Z_BUF_ERROR || result == Z_STREAM_END { return Array(output.prefix(limit)) }
        if output.count > limit { throw .tooLarge(limit: limit) }
        guard result == Z_STREAM_END else { throw .corrupt(result == Z_BUF_ERROR ? "the stream is cut short" : "the stream is not valid") }
        return output
    }
}
