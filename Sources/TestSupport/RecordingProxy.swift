import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP proxy on 127.0.0.1 (port 0) that records what passes through it and tunnels `CONNECT host:port` to
/// loopback targets only, and forwards a request naming a whole http:// URL to it; any other request gets 405.
public final class RecordingProxy: @unchecked Sendable {
    /// The bound port.
    public var port: UInt16 { listener.port }
    /// `http://127.0.0.1:PORT`, the value for HTTP_PROXY or `proxy:`.
    public var url: String { "http://127.0.0.1:\(port)" }

    private var listener: LoopbackListener!
    private let lock = NSLock()
    private var seen: [String] = []
    private var authorizations: [String] = []

    /// Binds a free loopback port and starts accepting.
    public init() throws {
        listener = try LoopbackListener { [self] client in serve(client) }
    }

    deinit { stop() }

    /// The request lines that came through, oldest first: `GET http://127.0.0.1:PORT/x HTTP/1.1`, `CONNECT 127.0.0.1:PORT HTTP/1.1`.
    public var requestLines: [String] { lock.withLock { seen } }

    /// The Proxy-Authorization values received, oldest first.
    public var proxyAuthorizations: [String] { lock.withLock { authorizations } }

    /// Stops accepting.
    public func stop() {
        listener.stop()
    }

    private func serve(_ client: Int32) {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !buffer.containsHeadEnd {
            let count = read(client, &chunk, chunk.count)
            guard count > 0 else { return }
            buffer += chunk[0..<count]
        }
        guard let end = buffer.headEnd else { return }
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        let rest = Array(buffer[(end + 4)...])
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: " ").map(String.init)
        guard parts.count == 3 else { return }
        lock.withLock {
            seen.append(requestLine)
            for line in lines where line.lowercased().hasPrefix("proxy-authorization:") {
                authorizations.append(line.dropFirst("proxy-authorization:".count).trimmingCharacters(in: .whitespaces))
            }
        }
        // https comes through CONNECT; a plain http request names its whole URL (absolute form, as curl does), and
        // goes upstream with only its path.
        if parts[0] != "CONNECT", parts[1].hasPrefix("http://") {
            let target = parts[1].dropFirst("http://".count)
            let authority = String(target.prefix { $0 != "/" })
            let path = target.dropFirst(authority.count)
            guard let upstream = connectLoopback(authority: authority) else {
                return send(client, "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            }
            defer { close(upstream) }
            let forwarded = ([parts[0] + " " + (path.isEmpty ? "/" : String(path)) + " " + parts[2]] + lines).joined(separator: "\r\n") + "\r\n\r\n"
            send(upstream, forwarded)
            if !rest.isEmpty { _ = write(upstream, rest, rest.count) }
            return relay(client, upstream)
        }
        guard parts[0] == "CONNECT" else {
            return send(client, "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        guard let upstream = connectLoopback(authority: parts[1]) else { return send(client, "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n") }
        defer { close(upstream) }
        send(client, "HTTP/1.1 200 Connection established\r\n\r\n")
        if !rest.isEmpty { _ = write(upstream, rest, rest.count) }
        relay(client, upstream)
    }

    /// Copies bytes both ways until either side closes.
    private func relay(_ first: Int32, _ second: Int32) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var fds = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        while !listener.isStopped {
            let ready = poll(&fds, 2, 200)
            if ready < 0, errno != EINTR { return }
            for index in 0..<2 where fds[index].revents != 0 {
                let from = fds[index].fd
                let to = index == 0 ? second : first
                let count = read(from, &chunk, chunk.count)
                guard count > 0 else { return }
                var offset = 0
                while offset < count {
                    let written = chunk.withUnsafeBytes { Glibc.send(to, $0.baseAddress.map { $0 + offset }, count - offset, Int32(MSG_NOSIGNAL)) }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    /// A connection to `host:port`, only for loopback hosts.
    private func connectLoopback(authority: String) -> Int32? {
        let pieces = authority.split(separator: ":")
        guard pieces.count == 2, ["127.0.0.1", "localhost"].contains(String(pieces[0])), let port = UInt16(pieces[1]) else { return nil }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = LoopbackSocket.address(port: port)
        let connected = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            close(fd)
            return nil
        }
        return fd
    }

    private func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }
}

private extension Array where Element == UInt8 {
    /// Where the blank line that ends an HTTP head starts.
    var headEnd: Int? {
        guard count >= 4 else { return nil }
        for index in 0...(count - 4) where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
            return index
        }
        return nil
    }

    var containsHeadEnd: Bool { headEnd != nil }
}
