import ExplorerCore
import Foundation
import TestSupport

/// Issue 28: WebSocket echo round trips, `WebSocketClient` against TestSupport's `WebSocketLoopbackServer` (NIO, in
/// this process), one message at a time, against a small Python client on the same server. Python has no WebSocket
/// module here (`websockets` is not installed, and the benchmark fetches nothing), so the reference is a raw-socket
/// client written for it: the handshake and masked frames by hand (`client`).
enum WebSocketEchoBench {
    /// Untimed messages first, for both clients.
    static let warmUp = 50

    /// One row.
    static func run(_ options: BenchOptions, workDirectory: URL, report: (BenchRow) -> Void) async throws {
        let count = options.quick ? 20 : 1000
        let server = try WebSocketLoopbackServer()
        defer { server.stop() }
        let ours = try await roundTrips(url: server.url("/echo"), count: count)
        let name = "WebSocket echo round trip (`WebSocketClient`), \(count) messages one at a time"
        let target = "(none)"
        guard ProcessRun.isInstalled("python3") else {
            report(BenchRow(name: name, ours: StreamLatencyBench.spread(ours), reference: "python3 not installed", ratio: "-", target: target, met: nil))
            return
        }
        let script = workDirectory.appendingPathComponent("ws_echo_client.py")
        try client.write(to: script, atomically: true, encoding: .utf8)
        let printed = workDirectory.appendingPathComponent("ws_echo_client.out")
        _ = try ProcessRun.checked(["python3", script.path, "127.0.0.1", String(server.port), String(warmUp + count)], outputPath: printed.path)
        let python = try String(contentsOf: printed, encoding: .utf8).split(separator: "\n").compactMap { Double($0) }.dropFirst(warmUp).map { $0 / 1e9 }
        guard python.count == count else { throw BenchFailure("the Python client printed \(python.count) round trips, not \(count)") }
        report(BenchRow(name: name, ours: StreamLatencyBench.spread(ours), reference: "raw-socket Python client " + StreamLatencyBench.spread(python),
                        ratio: String(format: "%.2f× Python (median)", Median.of(ours) / max(Median.of(python), 1e-9)), target: target, met: nil))
    }

    /// Seconds from sending each text message until its echo arrived, warm-up left out.
    private static func roundTrips(url: URL, count: Int) async throws -> [Double] {
        let connection = try await WebSocketClient.connect(to: url)
        var events = connection.events.makeAsyncIterator()
        var times: [Double] = []
        for index in 0..<(warmUp + count) {
            let text = "echo \(index)"
            let watch = Stopwatch()
            try await connection.send(WebSocketMessage(text: text))
            guard case let .message(message)? = try await events.next(), message.text == text else {
                throw BenchFailure("WebSocket message \(index) was not echoed")
            }
            if index >= warmUp { times.append(watch.seconds) }
        }
        try await connection.close()
        return times
    }

    /// The reference client: HOST PORT COUNT; prints each round trip in nanoseconds, one a line.
    static let client = #"""
    import base64, os, socket, struct, sys, time

    host, port, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    sock = socket.create_connection((host, port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(("GET /echo HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (host, port, key)).encode())
    pending = b""
    while b"\r\n\r\n" not in pending:
        more = sock.recv(4096)
        if not more:
            sys.exit("the server closed the connection during the handshake")
        pending += more
    head, pending = pending.split(b"\r\n\r\n", 1)
    if not head.startswith(b"HTTP/1.1 101"):
        sys.exit("handshake refused: " + head.decode(errors="replace"))

    def receive(length):
        global pending
        while len(pending) < length:
            more = sock.recv(65536)
            if not more:
                sys.exit("the server closed the connection")
            pending += more
        out, pending = pending[:length], pending[length:]
        return out

    def send(opcode, payload):
        # Every client frame is masked (RFC 6455 5.3).
        mask = os.urandom(4)
        length = len(payload)
        size = bytes([0x80 | length]) if length < 126 else bytes([0x80 | 126]) + struct.pack("!H", length)
        sock.sendall(bytes([0x80 | opcode]) + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def frame():
        first, second = receive(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", receive(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", receive(8))[0]
        return first & 0x0F, receive(length)

    times = []
    for index in range(count):
        message = ("echo %d" % index).encode()
        start = time.perf_counter_ns()
        send(1, message)
        opcode, payload = frame()
        elapsed = time.perf_counter_ns() - start
        if opcode != 1 or payload != message:
            sys.exit("message %d was not echoed" % index)
        times.append(elapsed)
    send(8, struct.pack("!H", 1000))
    print("\n".join(str(t) for t in times))
    """#
}
