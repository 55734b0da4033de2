import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket server on a raw loopback socket that sends its greeting (a text message) in the same write as its
/// 101 answer, as RFC 6455 allows and real servers do, then waits for the client to close.
public final class WebSocketGreetingServer: @unchecked Sendable {
    /// The bound port.
    public let port: UInt16
    /// How many reads brought the server something other than a close frame: once it is above 0 the client has
    /// connected (and so holds the greeting) and sent a message.
    public let messageReads: CallCounter
    private let listener: LoopbackListener

    /// Starts a server that greets each connection with `greeting`.
    public init(greeting: String) throws {
        let messageReads = CallCounter()
        self.messageReads = messageReads
        listener = try LoopbackListener { fd in
            guard let request = RawSocketIO.readHead(fd), let key = request.headers["sec-websocket-key"] else { return }
            let accept = Data(WebSocketGreetingServer.sha1(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
            var bytes = Data(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                              + "Sec-WebSocket-Accept: \(accept)\r\n\r\n").utf8)
            let payload = Array(greeting.utf8)
            // One unmasked final text frame; payloads here are short.
            bytes.append(contentsOf: [0x81, UInt8(min(payload.count, 125))] + payload.prefix(125))
            RawSocketIO.send(fd, bytes)
            var buffer = [UInt8](repeating: 0, count: 1024)
            // Until the client leaves: answer its close frame with one of ours.
            while true {
                let got = recv(fd, &buffer, buffer.count, 0)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return }
                if buffer[0] & 0x0F == 0x8 {
                    RawSocketIO.send(fd, Data([0x88, 0x02, 0x03, 0xE8]))
                    return
                }
                messageReads.increment()
            }
        }
        port = listener.port
    }

    /// Stops accepting.
    public func stop() { listener.stop() }

    /// SHA-1 (FIPS 180-4), only for the handshake's accept value.
    static func sha1(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0]
        var data = message + [0x80]
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        for chunk in stride(from: 0, to: data.count, by: 64) {
            var w = [UInt32](repeating: 0, count: 80)
            for i in 0..<16 {
                w[i] = data[chunk + 4 * i..<chunk + 4 * i + 4].reduce(0) { $0 << 8 | UInt32($1) }
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A827999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1BBCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62C1D6)
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h[0] = h[0] &+ a; h[1] = h[1] &+ b; h[2] = h[2] &+ c; h[3] = h[3] &+ d; h[4] = h[4] &+ e
        }
        return h.flatMap { value in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) } }
    }
}
