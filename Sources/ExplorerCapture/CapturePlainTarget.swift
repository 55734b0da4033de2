/// Where a plain `http://` request goes, read from its absolute URL without normalising it: the upstream's host and
/// port, the `Host` header and the request target exactly as the client wrote them (a proxy that re-encodes a query
/// sends a different request).
struct CapturePlainTarget: Equatable {
    /// The host to connect to, without brackets for an IPv6 address.
    let host: String
    /// The port to connect to, 80 unless the URL names one.
    let port: Int
    /// The URL's authority as written: the `Host` header upstream.
    let authority: String
    /// The origin-form target: the path and query as written, `/` when the URL has no path.
    let target: String

    /// Parses `http://authority/path?query`; nil for another scheme, credentials in the URL or an authority that does
    /// not parse (those go the general way, through ExplorerCore's request).
    init?(_ url: String) {
        guard url.utf8.count > 7, url.prefix(7).lowercased() == "http://" else { return nil }
        let rest = url.dropFirst(7)
        let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = String(rest[..<end])
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var path = rest[end...]
        if let fragment = path.firstIndex(of: "#") { path = path[..<fragment] }
        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return nil }
            portPart = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            hostPart = authority[...]
            portPart = nil
        }
        let port: Int
        if let portPart, !portPart.isEmpty {
            guard portPart.allSatisfy(\.isASCII), let number = Int(portPart), (1...65_535).contains(number) else { return nil }
            port = number
        } else {
            port = 80
        }
        guard !hostPart.isEmpty, !hostPart.contains(where: { $0 == " " || $0 == "/" }) else { return nil }
        self.host = String(hostPart)
        self.port = port
        self.authority = authority
        self.target = path.isEmpty ? "/" : path.hasPrefix("?") ? "/" + path : String(path)
    }

    /// The connection this target can share: requests to the same host and port.
    var connectionKey: String { "\(host):\(port)" }
}
