import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading and writing whole requests on a raw socket, for the raw-socket test servers.
enum RawSocketIO {
    /// Reads up to the blank line that ends a request head.
    static func readHead(_ fd: Int32) -> RecordedRequest? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        let end: [UInt8] = [13, 10, 13, 10]
        while bytes.count < 65_536 {
            let count = recv(fd, &byte, 1, 0)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return nil }
            bytes.append(byte)
            if bytes.count >= 4, Array(bytes.suffix(4)) == end {
                return RecordedRequest(head: String(decoding: bytes.dropLast(4), as: UTF8.self))
            }
        }
        return nil
    }

    /// Reads exactly `count` bytes, or nil when the peer closes first.
    static func readExactly(_ fd: Int32, count: Int) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count < count {
            let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min(count - data.count, $0.count), 0) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            data.append(contentsOf: buffer[0..<got])
        }
        return data
    }

    /// Sends all of `data`; false when the peer went away.
    @discardableResult
    static func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}
