import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A GraphQL server on 127.0.0.1 (port 0) for `GraphQLTestSchema`: `POST /graphql` answers the introspection query
/// (any query naming `__schema`) with the schema, and any other query with one user (`{"data": {"user": …}}`). With
/// `token` set, a request without `Authorization: Bearer TOKEN` gets a 401, so a test sees the request's credentials
/// went along. Raw POSIX sockets, one request per connection; every request's head and body are kept.
public final class GraphQLLoopbackServer: @unchecked Sendable {
    /// The bound port.
    public let port: UInt16
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL

    private let token: String?
    private let listener: Int32
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stopped = false
    private var received: [(head: RecordedRequest, body: String)] = []

    /// Binds a free loopback port and starts accepting; with `token`, requests must carry it as a bearer token.
    public init(token: String? = nil) throws {
        self.token = token
        (listener, port) = try LoopbackSocket.listen()
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// Every request so far, oldest first: its head and its body as text.
    public var requests: [(head: RecordedRequest, body: String)] { lock.withLock { received } }

    /// How many introspection queries arrived.
    public var introspections: Int { requests.filter { $0.body.contains("__schema") }.count }

    /// Stops accepting and closes the listening socket.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR, !lock.withLock({ stopped }) { continue }
                return
            }
            Thread.detachNewThread { [self] in
                serve(client)
                close(client)
            }
        }
    }

    private func serve(_ fd: Int32) {
        guard let head = RawSocketIO.readHead(fd) else { return }
        let length = Int(head.headers["content-length"] ?? "") ?? 0
        let body = length > 0 ? RawSocketIO.readExactly(fd, count: length).map { String(decoding: $0, as: UTF8.self) } ?? "" : ""
        lock.withLock { received.append((head, body)) }
        let answer: (status: String, body: Data)
        if head.path != "/graphql" {
            answer = ("404 Not Found", Data("{\"errors\": [{\"message\": \"no such path\"}]}".utf8))
        } else if let token, head.headers["authorization"] != "Bearer \(token)" {
            answer = ("401 Unauthorized", Data("{\"errors\": [{\"message\": \"a bearer token is needed\"}]}".utf8))
        } else if body.contains("__schema") {
            answer = ("200 OK", GraphQLTestSchema.introspectionAnswer)
        } else {
            answer = ("200 OK", Data(#"{"data": {"user": {"id": "1", "name": "Ada Lovelace", "email": "ada@example.com"}}}"#.utf8))
        }
        let headText = "HTTP/1.1 \(answer.status)\r\nContent-Type: application/json\r\nContent-Length: \(answer.body.count)\r\nConnection: close\r\n\r\n"
        RawSocketIO.send(fd, Data(headText.utf8) + answer.body)
    }
}
