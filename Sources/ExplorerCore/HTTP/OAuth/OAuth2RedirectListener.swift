import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loopback listener the browser is redirected to at the end of the authorization code flow (RFC 8252 §7.3):
/// bound to 127.0.0.1 only, on a free port or the one the settings name, answering one callback and closing.
final class OAuth2RedirectListener: @unchecked Sendable {
    /// The bound port.
    let port: Int
    private let descriptor: Int32

    /// Binds 127.0.0.1 on `port` (0 for a free one).
    init(port: Int) throws(OAuth2Error) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .exchange("no socket for the redirect listener: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound, listen(fd, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .settings("cannot listen on 127.0.0.1:\(port) for the redirect (\(reason)); choose another redirectPort")
        }
        descriptor = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    /// The query of the first request that carries `code` or `error`, answered with a page telling the person to go
    /// back to the terminal; nil when `timeout` seconds pass first. Other requests (a favicon) get a 404.
    func callback(timeout: Double) async -> [String: String]? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in continuation.resume(returning: waitForCallback(timeout: timeout)) }
        }
    }

    private func waitForCallback(timeout: Double) -> [String: String]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000))
            if ready <= 0 { continue }
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else { continue }
            defer { close(client) }
            guard let target = OAuth2RedirectListener.requestTarget(client) else { continue }
            let query = OAuth2RedirectListener.query(of: target)
            guard query["code"] != nil || query["error"] != nil else {
                respond(client, status: "404 Not Found", text: "Not found.")
                continue
            }
            respond(client, status: "200 OK", text: query["error"] == nil
                    ? "apiexplorer received the authorization. You can close this window and go back to the terminal."
                    : "The authorization was refused (\(query["error"] ?? "")). Go back to the terminal.")
            return query
        }
    }

    private func respond(_ fd: Int32, status: String, text: String) {
        let body = "<!doctype html><title>apiexplorer</title><p>\(text)</p>"
        let reply = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let bytes = Array(reply.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// The target of the request line (`/callback?code=…`), read with a short timeout so a silent client cannot hold it.
    private static func requestTarget(_ fd: Int32) -> String? {
        var wait = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            bytes += buffer[0..<got]
            if let end = bytes.firstIndex(of: 10) {
                let line = String(decoding: bytes[..<end], as: UTF8.self).split(separator: " ")
                // Read the rest of the head so closing does not reset the connection under the browser.
                if !bytes.suffix(4).elementsEqual([13, 10, 13, 10]) { _ = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) } }
                return line.count >= 2 ? String(line[1]) : nil
            }
        }
        return nil
    }

    /// The decoded query parameters of a request target.
    static func query(of target: String) -> [String: String] {
        guard let question = target.firstIndex(of: "?") else { return [:] }
        var fields: [String: String] = [:]
        for pair in target[target.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}
