import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `text/event-stream` server on 127.0.0.1 for the streaming benchmarks, on plain sockets and a thread per
/// connection, so the moment each event is written is known to the microsecond:
/// - `/paced/COUNT/MICROSECONDS` writes COUNT events that far apart, each with its sequence number as its `id` and the
///   time it was written (`sent_ns`, the monotonic clock) in its JSON data, records each write's time (`sentTimes`),
///   and ends the stream 200 ms after the last event, so the last one has its time on a screen too;
/// - `/bulk/BYTES` writes BYTES of 1 KB events as fast as the client reads them;
/// - `/long/BYTES` writes an event `first`, then one data line of BYTES `x` in 64 KB chunks, then an event `after`, as
///   a hostile server would (the limits' tests: the client must stop reading it).
/// Every event is one chunk of a chunked body, written with one `write`, and Nagle is off.
public final class PacedEventServer: @unchecked Sendable {
    private var listener: LoopbackListener?
    private let lock = NSLock()
    // Guarded by `lock`: when each event of the latest paced stream was written, by sequence number - 1.
    private var sent: [UInt64] = []

    /// Starts listening on a free loopback port.
    public init() throws {
        listener = try LoopbackListener { [weak self] fd in self?.serve(fd) }
    }

    deinit {
        listener?.stop()
    }

    /// The server's base URL.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(listener?.port ?? 0)") ?? URL(fileURLWithPath: "/")
    }

    /// When each event of the latest paced stream was written (`PacedEventServer.now()` nanoseconds), first event first.
    public var sentTimes: [UInt64] { lock.withLock { sent } }

    /// Stops accepting connections.
    public func stop() {
        listener?.stop()
    }

    /// The monotonic clock in nanoseconds (CLOCK_MONOTONIC, the same in every process on the machine).
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// One SSE event of `/bulk`, about a kilobyte, JSON data.
    public static func bulkEvent(_ sequence: Int) -> String {
        let filler = String(repeating: "lorem ipsum ", count: 80)
        return "id: \(sequence)\ndata: {\"seq\":\(sequence),\"text\":\"\(filler)\"}\n\n"
    }

    private func serve(_ fd: Int32) {
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        guard let path = Self.readRequestPath(fd) else { return }
        let parts = path.split(separator: "/").map(String.init)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
            + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        if parts.count == 3, parts[0] == "paced", let count = Int(parts[1]), let micros = Int(parts[2]) {
            guard Self.writeAll(fd, Array(head.utf8)) else { return }
            paced(fd, count: count, interval: UInt64(max(0, micros)) * 1000)
        } else if parts.count == 2, parts[0] == "bulk", let bytes = Int(parts[1]) {
            guard Self.writeAll(fd, Array(head.utf8)) else { return }
            bulk(fd, bytes: bytes)
        } else if parts.count == 2, parts[0] == "long", let bytes = Int(parts[1]) {
            guard Self.writeAll(fd, Array(head.utf8)) else { return }
            long(fd, bytes: bytes)
        } else {
            _ = Self.writeAll(fd, Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        }
    }

    private func paced(_ fd: Int32, count: Int, interval: UInt64) {
        lock.withLock { sent = [] }
        let start = Self.now()
        for sequence in 1...max(1, count) {
            // An absolute schedule: a late write does not push every later one back.
            Self.sleep(until: start + UInt64(sequence - 1) * interval)
            let time = Self.now()
            let event = "id: \(sequence)\ndata: {\"seq\":\(sequence),\"sent_ns\":\(time),\"text\":\"event \(sequence) of \(count)\"}\n\n"
            lock.withLock { sent.append(time) }
            guard Self.writeAll(fd, Self.chunk(Array(event.utf8))) else { return }
        }
        // A pause before the end, longer than a screen's batching of events, so the last event is drawn while the
        // stream is still open.
        Self.sleep(until: start + UInt64(count) * interval + 200_000_000)
        _ = Self.writeAll(fd, Array("0\r\n\r\n".utf8))
    }

    private func bulk(_ fd: Int32, bytes: Int) {
        // A 1 MB block of events written again and again: the server must not be what limits the rate.
        var block: [UInt8] = []
        var sequence = 0
        while block.count < 1_000_000 {
            sequence += 1
            block += Array(Self.bulkEvent(sequence).utf8)
        }
        let chunked = Self.chunk(block)
        var written = 0
        while written < bytes {
            let left = bytes - written
            let ok = left >= block.count ? Self.writeAll(fd, chunked) : Self.writeAll(fd, Self.chunk(Array(block.prefix(left))))
            guard ok else { return }
            written += min(left, block.count)
        }
        _ = Self.writeAll(fd, Array("0\r\n\r\n".utf8))
    }

    private func long(_ fd: Int32, bytes: Int) {
        guard Self.writeAll(fd, Self.chunk(Array("data: first\n\ndata: ".utf8))) else { return }
        let piece = Self.chunk([UInt8](repeating: UInt8(ascii: "x"), count: 65536))
        var written = 0
        while written + 65536 <= bytes {
            // A client that stopped reading ends the loop: the write fails once it has closed.
            guard Self.writeAll(fd, piece) else { return }
            written += 65536
        }
        let rest = [UInt8](repeating: UInt8(ascii: "x"), count: bytes - written) + Array("\n\ndata: after\n\n".utf8)
        guard Self.writeAll(fd, Self.chunk(rest)) else { return }
        _ = Self.writeAll(fd, Array("0\r\n\r\n".utf8))
    }

    private static func chunk(_ bytes: [UInt8]) -> [UInt8] {
        Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + [0x0D, 0x0A]
    }

    private static func sleep(until deadline: UInt64) {
        let now = now()
        guard deadline > now else { return }
        var time = timespec(tv_sec: Int((deadline - now) / 1_000_000_000), tv_nsec: Int((deadline - now) % 1_000_000_000))
        var left = timespec()
        while nanosleep(&time, &left) != 0, errno == EINTR { time = left }
    }

    /// The path of the request line, once the whole head has arrived; nil when the client went away first.
    private static func readRequestPath(_ fd: Int32) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0, received.count < 65536 else { return nil }
            received += buffer[0..<count]
        }
        let line = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let words = line.split(separator: " ")
        return words.count >= 2 ? String(words[1]) : nil
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = send(fd, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }
}
