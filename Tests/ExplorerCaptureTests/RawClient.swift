import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP client on 127.0.0.1 that writes bytes as a test chooses (all at once, before any answer) and reads what comes.
struct RawClient {
    let descriptor: Int32

    /// Connects to `port`, failing the test's throw when nobody listens.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes every byte.
    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What arrives until the peer closes, the timeout passes or `limit` bytes came.
    func read(limit: Int = 65_536) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while received.count < limit {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        return received
    }

    /// Closes the connection.
    func close() {
        _ = Glibc.close(descriptor)
    }
}
