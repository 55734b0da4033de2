import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A misbehaving HTTP server on 127.0.0.1 (port 0), written on raw POSIX sockets so it can break the protocol
/// in ways a real server framework never would.
///
/// Each path maps to a `Fault`; unknown paths get a 404. Every connection runs on its own thread and is closed
/// after one response. `stop()` wakes every waiting connection and closes the listening socket.
public final class FaultServer: @unchecked Sendable {
    /// The bound port.
    public let port: UInt16
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL

    private let listener: Int32
    private let routes: [String: Fault]
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stopped = false
    private var clients: Set<Int32> = []
    private var received: [RecordedRequest] = []

    /// Binds a free loopback port and starts accepting; throws when the socket cannot be set up.
    public init(routes: [String: Fault]) throws {
        self.routes = routes
        (listener, port) = try LoopbackSocket.listen()
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// An absolute URL for a path on this server.
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path) ?? baseURL
    }

    /// The requests received so far for `path`, oldest first.
    public func requests(to path: String) -> [RecordedRequest] {
        lock.withLock { received.filter { $0.path == path } }
    }

    /// Stops accepting, wakes connections that are stalling and closes them.
    public func stop() {
        let open = lock.withLock { () -> Set<Int32>? in
            guard !stopped else { return nil }
            stopped = true
            return clients
        }
        guard let open else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR, !isStopped { continue }
                return
            }
            let tracked = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                clients.insert(client)
                return true
            }
            guard tracked else {
                close(client)
                return
            }
            Thread.detachNewThread { [self] in
                serve(client)
                lock.withLock { _ = clients.remove(client) }
            }
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = RawSocketIO.readHead(fd) else {
            close(fd)
            return
        }
        let number = lock.withLock { () -> Int in
            received.append(request)
            return received.filter { $0.path == request.path }.count - 1
        }
        let body = Int(request.headers["content-length"] ?? "") ?? 0
        if body > 0 { _ = readExactly(fd, count: body) }
        guard let fault = routes[request.path] else {
            send(fd, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            close(fd)
            return
        }
        play(fault, on: fd, path: request.path, target: request.target, number: number)
    }

    // One behaviour per fault; each ends by closing the connection (or resetting it).
    private func play(_ fault: Fault, on fd: Int32, path: String, target: String, number: Int) {
        switch fault {
        case let .stallOnce(request, seconds, body):
            if number == request { guard pause(fd, seconds: seconds) else { break } }
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        case .neverAnswer:
            waitForClientOrStop(fd)
        case .stallAfterHeaders:
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n")
            waitForClientOrStop(fd)
        case let .delayed(seconds, body):
            guard pause(fd, seconds: seconds) else { break }
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        case let .slowBody(interval):
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\n")
            for _ in 0..<10 {
                if !pause(fd, seconds: interval) { break }
                guard send(fd, "x") else { break }
            }
        case .closeMidBody, .contentLengthLonger:
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n")
            send(fd, String(repeating: "a", count: 100))
        case .resetMidBody:
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n")
            send(fd, String(repeating: "a", count: 100))
            // Give the client time to read what was sent, so the reset is seen mid-body rather than before the head.
            _ = pause(fd, seconds: 0.2)
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        case .contentLengthShorter:
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nConnection: close\r\n\r\n")
            send(fd, "hello, and then bytes nobody asked for.")
        case .brokenChunked:
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n")
            send(fd, "5\r\nhello\r\nzz-not-hex\r\nmore\r\n0\r\n\r\n")
        case .redirectLoop:
            send(fd, "HTTP/1.1 302 Found\r\nLocation: \(path)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        case let .redirect(target):
            send(fd, "HTTP/1.1 302 Found\r\nLocation: \(target)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        case let .largeBody(bytes):
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(bytes)\r\nConnection: close\r\n\r\n")
            let chunk = Data(repeating: UInt8(ascii: "a"), count: 1 << 16)
            var left = bytes
            while left > 0, !isStopped {
                guard send(fd, chunk.prefix(min(left, chunk.count))) else { break }
                left -= min(left, chunk.count)
            }
        case let .largeJSON(bytes):
            let item = Data(#"{"id": 12345, "name": "item", "tags": ["a", "b"]},"#.utf8)
            let count = max(1, bytes / item.count)
            let last = Data(#"{"id": 0}]"#.utf8)
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(1 + count * item.count + last.count)\r\n"
                + "Connection: close\r\n\r\n[")
            let block = Array(repeating: item, count: 1024).reduce(Data(), +)
            var left = count
            while left > 0, !isStopped {
                let items = min(left, 1024)
                guard send(fd, block.prefix(items * item.count)) else { break }
                left -= items
            }
            send(fd, last)
        case let .gzipBomb(expanded):
            let bomb = GzipBomb.make(expandedBytes: expanded)
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\n"
                + "Content-Length: \(bomb.count)\r\nConnection: close\r\n\r\n")
            send(fd, bomb)
        case .invalidUTF8JSON:
            let body = Data(#"{"name": ""#.utf8) + Data([0xFF, 0xFE, 0xC3, 0x28, 0xED, 0xA0, 0x80]) + Data(#"", "ok": true}"#.utf8)
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n")
            send(fd, body)
        case .controlCharactersInHeaders:
            send(fd, "HTTP/1.1 200 O\u{1B}[2JK\u{1B}]0;title\u{07}\r\nX-Evil: a\u{1B}[31mred\u{1B}]52;c;cm0gLXJmIH4=\u{07}b\u{7F}\r\n"
                + "Content-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        case let .closeDelimited(body):
            send(fd, "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n")
            send(fd, body)
        case .hostileContent:
            let escapes = Fault.escapeSequences.joined()
            let body = Data(#"{"message": "hello\#(escapes)world", "raw": ""#.utf8) + Data(escapes.utf8) + Data(#""}"#.utf8)
            send(fd, "HTTP/1.1 200 O\u{1B}]0;pwned\u{07}K\r\nX-Hostile: \u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}[2J\r\n"
                + "Content-Type: text/plain\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n")
            send(fd, body)
        case .notHTTP:
            send(fd, "SSH-2.0-OpenSSH_9.6\r\nProtocol mismatch.\r\n")
        case .rawByteInHeader:
            send(fd, Data("HTTP/1.1 200 O".utf8) + Data([0x9B]) + Data("K\r\nX-Raw: a".utf8) + Data([0x9B])
                + Data("b\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".utf8))
        case let .respond(status, headers, body):
            let head = (["HTTP/1.1 \(status) Response", "Content-Length: \(body.utf8.count)", "Connection: close"] + headers)
                .joined(separator: "\r\n")
            send(fd, head + "\r\n\r\n" + body)
        case let .chunkedStream(contentType, chunks, interval):
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
            for (index, chunk) in chunks.enumerated() {
                if index > 0, !pause(fd, seconds: interval) { break }
                guard sendChunk(fd, chunk) else { break }
            }
            send(fd, "0\r\n\r\n")
        case let .chunksThenSilence(contentType, chunks):
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\n\r\n")
            for chunk in chunks { sendChunk(fd, chunk) }
            waitForClientOrStop(fd)
        case let .endlessStream(contentType, chunk, interval):
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\n\r\n")
            while sendChunk(fd, chunk), interval <= 0 ? !isStopped : pause(fd, seconds: interval) {}
        case .echoTarget:
            send(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(target.utf8.count)\r\nConnection: close\r\n\r\n\(target)")
        }
        close(fd)
    }

    private func readExactly(_ fd: Int32, count: Int) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var left = count
        while left > 0 {
            let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min(left, $0.count), 0) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return false }
            left -= got
        }
        return true
    }

    /// Waits until the client hangs up or the server stops.
    private func waitForClientOrStop(_ fd: Int32) {
        while pause(fd, seconds: 3600) {}
    }

    /// Waits `seconds`, returning false early when the client closed the connection or the server stopped.
    private func pause(_ fd: Int32, seconds: TimeInterval) -> Bool {
        let until = Date().addingTimeInterval(seconds)
        while Date() < until {
            if isStopped { return false }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let step = Int32(max(1, min(100, until.timeIntervalSinceNow * 1000)))
            if poll(&poller, 1, step) > 0 {
                var byte: UInt8 = 0
                // Anything the client sends after its request is ignored; end of stream or an error means it left.
                if recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) <= 0 { return false }
            }
        }
        return !isStopped
    }

    /// Sends `text` as one chunk of a chunked body.
    @discardableResult
    private func sendChunk(_ fd: Int32, _ text: String) -> Bool {
        send(fd, String(Data(text.utf8).count, radix: 16) + "\r\n" + text + "\r\n")
    }

    @discardableResult
    private func send(_ fd: Int32, _ text: String) -> Bool {
        send(fd, Data(text.utf8))
    }

    @discardableResult
    private func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}
