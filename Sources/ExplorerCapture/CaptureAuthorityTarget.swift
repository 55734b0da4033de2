/// The `host:port` a `CONNECT` names, and the origin its tunnelled requests belong to.
struct CaptureAuthorityTarget: Equatable {
    /// The host, without brackets for an IPv6 address.
    let host: String
    /// The port.
    let port: Int

    /// Parses `host:port` or `[v6]:port`; nil when either part is missing or the port is out of range.
    init?(_ authority: String) {
        guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]),
              (1...65_535).contains(port) else { return nil }
        var host = String(authority[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == " " || $0 == "@" }) else { return nil }
        self.host = host
        self.port = port
    }

    /// `https://host` with the port unless it is 443.
    var origin: String {
        "https://" + bracketed + (port == 443 ? "" : ":\(port)")
    }

    /// `http://host` with the port unless it is 80, for a tunnel that carries no TLS.
    var plainOrigin: String {
        "http://" + bracketed + (port == 80 ? "" : ":\(port)")
    }

    private var bracketed: String { host.contains(":") ? "[\(host)]" : host }
}
