import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A server on 127.0.0.1 (port 0) that answers the first request on each connection (by default with `200 one`) and
/// keeps the connection open. A second request over it is met as `second` says: a close and no word (a keep-alive
/// connection the server gave up on just as the client reused it), a reset, silence, or the same reply again.
public final class StaleKeepAliveServer: @unchecked Sendable {
    /// What meets a second request on a connection.
    public enum SecondRequest: Sendable {
        /// The connection is closed (FIN).
        case close
        /// The connection is reset (RST).
        case reset
        /// Nothing: the connection stays open and the request unanswered.
        case ignore
        /// The same reply as the first: the connection serves every request (to count how many connections a client opens).
        case answer
    }

    /// The bound port.
    public var port: UInt16 { listener.port }
    private var listener: LoopbackListener!
    private let lock = NSLock()
    private var accepted = 0
    private let reply: [UInt8]
    private let second: SecondRequest

    /// Binds a free loopback port and starts accepting; `reply` is the whole response to each connection's first request.
    public init(reply: String = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\none",
                second: SecondRequest = .close) throws {
        self.reply = Array(reply.utf8)
        self.second = second
        listener = try LoopbackListener { [self] client in serve(client) }
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT/path`.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// How many connections it has accepted.
    public var connections: Int { lock.withLock { accepted } }

    /// Stops accepting.
    public func stop() {
        listener.stop()
    }

    private func serve(_ client: Int32) {
        lock.withLock { accepted += 1 }
        var chunk = [UInt8](repeating: 0, count: 65536)
        var seen = [UInt8]()
        var answered = false
        while true {
            let count = read(client, &chunk, chunk.count)
            guard count > 0 else { return }
            seen += chunk[0..<count]
            guard StaleKeepAliveServer.hasHeadEnd(seen) else { continue }
            if answered, second != .answer {
                if second == .ignore { continue }
                if second == .reset {
                    var linger = linger(l_onoff: 1, l_linger: 0)
                    setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
                }
                return
            }
            answered = true
            seen = []
            _ = reply.withUnsafeBytes { Glibc.send(client, $0.baseAddress, reply.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    private static func hasHeadEnd(_ bytes: [UInt8]) -> Bool {
        let end: [UInt8] = [13, 10, 13, 10]
        return bytes.count >= 4 && (0...(bytes.count - 4)).contains { bytes[$0..<($0 + 4)].elementsEqual(end) }
    }
}
