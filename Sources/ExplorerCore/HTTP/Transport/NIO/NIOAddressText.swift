import NIOCore

/// A socket address as the trace shows it.
package enum NIOAddressText {
    /// "127.0.0.1:8443", or "[::1]:8443" for IPv6; `nil` for an address without IP and port.
    package static func text(of address: SocketAddress?) -> String? {
        guard let address, let ip = address.ipAddress, let port = address.port else { return nil }
        if case .v6 = address { return "[\(ip)]:\(port)" }
        return "\(ip):\(port)"
    }
}
