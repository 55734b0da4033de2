import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resolves a host name with the system resolver (`getaddrinfo`, as curl and NIO do) off the event loops, so the
/// transport can time DNS apart from the TCP connect.
enum NIOHostResolver {
    /// The addresses of `host` in the order the system prefers them; a URLError naming the host when it has none.
    static func resolve(_ host: String, port: Int) async throws(URLError) -> [SocketAddress] {
        let result: Result<[SocketAddress], URLError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: lookUp(host, port: port)) }
        }
        return try result.get()
    }

    private static func lookUp(_ host: String, port: Int) -> Result<[SocketAddress], URLError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = String(cString: gai_strerror(status))
            return .failure(URLError(.cannotFindHost, detail: "\(host): \(reason)"))
        }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            if let pointer = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    let address = pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
                    addresses.append(SocketAddress(address, host: host))
                case AF_INET6:
                    let address = pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
                    addresses.append(SocketAddress(address, host: host))
                default:
                    break
                }
            }
            next = entry.pointee.ai_next
        }
        if addresses.isEmpty { return .failure(URLError(.cannotFindHost, detail: "\(host): no IPv4 or IPv6 address")) }
        return .success(addresses)
    }
}
