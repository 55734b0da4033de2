import Foundation

/// The process's own listening socket on a port, found by its address, so options FlyingFox does not expose can be set.
public enum ListeningSocket {
    /// Sets TCP_NODELAY on the socket listening on `port`; connections it accepts inherit it on Linux and BSD.
    ///
    /// FlyingFox writes a response's head and body in two writes. With Nagle's algorithm on, the second write
    /// waits for the client's delayed ACK of the first, which costs about 40 ms per request on loopback.
    /// Returns false when no such socket was found.
    @discardableResult
    public static func disableNagle(port: UInt16) -> Bool {
        guard let fd = descriptor(listeningOn: port) else { return false }
        var on: Int32 = 1
        return setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    private static func descriptor(listeningOn port: UInt16) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in entries.compactMap(Int32.init) {
            var listening: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening != 0 else { continue }
            var address = sockaddr_in()
            var addressLength = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &addressLength) }
            }
            guard named == 0, address.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: address.sin_port) == port else { continue }
            return fd
        }
        return nil
    }
}
