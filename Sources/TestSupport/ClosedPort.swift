import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port with nothing listening on it, so connecting is refused at once.
public enum ClosedPort {
    /// Binds port 0, reads the port the kernel chose, and closes the socket again.
    public static func find() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return 9 }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : 9
    }

    /// `http://127.0.0.1:PORT` for a closed port.
    public static func url() -> URL {
        URL(string: "http://127.0.0.1:\(find())") ?? URL(fileURLWithPath: "/")
    }
}
