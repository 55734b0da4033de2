import ExplorerCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback server (127.0.0.1, port 0) that checks credentials the way real APIs do: paths under `/digest/` take
/// HTTP Digest (a 401 challenge, then each answer checked, its nonce count required to grow), paths under `/aws/`
/// recompute the SigV4 signature of what arrived. Raw POSIX sockets, one request per connection.
///
/// `/aws/redirect` answers a good signature with a 302 to `/aws/target`; `/aws/flaky` answers its first good one
/// with a 503. `/digest/echo` and `/aws/echo` put every secret the server knows in the body of a 200, as a careless
/// server would, so a test can check they are masked wherever the response is kept.
public final class CredentialServer: @unchecked Sendable {
    /// The bound port.
    public let port: UInt16
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL

    private let username: String
    private let password: String
    private let realm = "test@apiexplorer"
    private let algorithms: [DigestAlgorithm]
    private let qop: String
    private let aws: AWSCredentials
    private let listener: Int32
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stopped = false
    private var checks: [CredentialCheck] = []
    /// The nonces handed out, with the highest nonce count answered for each.
    private var nonces: [String: Int] = [:]
    private var flakyHits = 0

    /// Binds a free loopback port; Digest takes `username`/`password` and offers `algorithms` in that order (one
    /// challenge each, on one header line), SigV4 checks against `aws`.
    public init(username: String, password: String, algorithms: [DigestAlgorithm] = [.sha256, .md5], qop: String = "auth",
                aws: AWSCredentials) throws {
        self.username = username
        self.password = password
        self.algorithms = algorithms
        self.qop = qop
        self.aws = aws
        (listener, port) = try LoopbackSocket.listen()
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// An absolute URL for a path on this server.
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path) ?? baseURL
    }

    /// Every request checked so far, oldest first.
    public var log: [CredentialCheck] { lock.withLock { checks } }

    /// Forgets the nonces handed out, as a restarted server would: answers with them are refused from now on.
    public func forgetNonces() {
        lock.withLock { nonces.removeAll() }
    }

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
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        guard let request = RawSocketIO.readHead(fd) else { return }
        let length = Int(request.headers["content-length"] ?? "") ?? 0
        let body = length > 0 ? RawSocketIO.readExactly(fd, count: length) ?? Data() : Data()
        let (status, headers, text, verdict) = answer(request, body: body)
        lock.withLock { checks.append(CredentialCheck(request: request, status: status, verdict: verdict)) }
        let reason = [200: "OK", 302: "Found", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 503: "Service Unavailable"][status] ?? "Status"
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for header in headers { head += header + "\r\n" }
        head += "Content-Type: text/plain\r\nContent-Length: \(Data(text.utf8).count)\r\nConnection: close\r\n\r\n"
        RawSocketIO.send(fd, Data((head + text).utf8))
    }

    private func answer(_ request: RecordedRequest, body: Data) -> (Int, [String], String, String) {
        if request.path.hasPrefix("/digest/") {
            let verdict = checkDigest(request, body: body)
            guard verdict == "accepted" else {
                return (401, ["WWW-Authenticate: " + challenges(stale: verdict == "stale nonce")], "digest refused: \(verdict)", verdict)
            }
            return (200, [], request.path == "/digest/echo" ? "hello \(username), your password is \(password)" : "digest ok", verdict)
        }
        if request.path.hasPrefix("/aws/") {
            let verdict = checkSignature(request, body: body)
            guard verdict == "accepted" else { return (403, [], "SignatureDoesNotMatch: \(verdict)", verdict) }
            switch request.path {
            case "/aws/redirect": return (302, ["Location: /aws/target"], "", verdict)
            case "/aws/flaky":
                let first = lock.withLock { () -> Bool in
                    flakyHits += 1
                    return flakyHits == 1
                }
                if first { return (503, [], "try again", verdict) }
            case "/aws/echo":
                return (200, [], "secret \(aws.secretKey) token \(aws.sessionToken ?? "")", verdict)
            default: break
            }
            return (200, [], "signature ok", verdict)
        }
        return (404, [], "no such path", "unknown path")
    }

    /// One challenge per algorithm, each with a fresh nonce.
    private func challenges(stale: Bool) -> String {
        algorithms.map { algorithm in
            let nonce = UUID().uuidString
            lock.withLock { nonces[nonce] = 0 }
            return "Digest realm=\"\(realm)\", qop=\"\(qop)\", algorithm=\(algorithm.rawValue), nonce=\"\(nonce)\", opaque=\"opaque-1\""
                + (stale ? ", stale=true" : "")
        }.joined(separator: ", ")
    }

    private func checkDigest(_ request: RecordedRequest, body: Data) -> String {
        guard let header = request.headers["authorization"],
              let answer = AuthChallenge.parse([header]).first, answer.scheme.lowercased() == "digest" else { return "no credentials" }
        let p = answer.parameters
        guard let nonce = p["nonce"], let nc = p["nc"].flatMap({ Int($0, radix: 16) }), let cnonce = p["cnonce"], let uri = p["uri"],
              let response = p["response"], let algorithm = DigestAlgorithm(parameter: p["algorithm"]) else { return "incomplete answer" }
        guard p["username"] == username, p["realm"] == realm, p["opaque"] == "opaque-1" else { return "wrong user, realm or opaque" }
        guard uri == request.target else { return "uri \(uri) is not the request target \(request.target)" }
        let last = lock.withLock { nonces[nonce] }
        guard let last else { return "stale nonce" }
        guard nc > last else { return "nonce count \(nc) not above \(last)" }
        let challenge = DigestChallenge(realm: realm, nonce: nonce, opaque: "opaque-1", algorithm: algorithm, qop: p["qop"])
        let expected = challenge.response(username: username, password: password, method: request.method, uri: uri, nonceCount: nc,
                                          cnonce: cnonce, body: Array(body))
        guard expected == response else { return "wrong response" }
        lock.withLock { nonces[nonce] = nc }
        return "accepted"
    }

    private func checkSignature(_ request: RecordedRequest, body: Data) -> String {
        guard let header = request.headers["authorization"], header.hasPrefix(AWSSigV4.algorithm + " "),
              let amzDate = request.headers["x-amz-date"] else { return "no signature or X-Amz-Date" }
        var fields: [String: String] = [:]
        for part in header.dropFirst(AWSSigV4.algorithm.count + 1).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { fields[pair[0]] = pair[1] }
        }
        let scope = AWSSigV4.scope(amzDate: amzDate, region: aws.region, service: aws.service)
        guard fields["Credential"] == "\(aws.accessKey)/\(scope)" else { return "wrong credential scope \(fields["Credential"] ?? "")" }
        guard let signed = fields["SignedHeaders"]?.split(separator: ";").map(String.init), signed.contains("host"),
              signed.contains("x-amz-date"), let signature = fields["Signature"] else { return "incomplete Authorization" }
        if let token = aws.sessionToken {
            guard request.headers["x-amz-security-token"] == token, signed.contains("x-amz-security-token") else { return "no session token" }
        }
        var headers: [(name: String, value: String)] = []
        for name in signed {
            guard let value = request.headers[name] else { return "signed header \(name) did not arrive" }
            headers.append((name, value))
        }
        let parts = request.target.split(separator: "?", maxSplits: 1).map(String.init)
        let canonical = AWSSigV4.canonicalRequest(method: request.method, percentEncodedPath: parts[0], percentEncodedQuery: parts.count > 1 ? parts[1] : nil,
                                                  headers: headers, payloadHash: AWSSigV4.payloadHash(body), service: aws.service)
        let expected = AWSSigV4.signature(secretKey: aws.secretKey, amzDate: amzDate, region: aws.region, service: aws.service,
                                          stringToSign: AWSSigV4.stringToSign(canonicalRequest: canonical, amzDate: amzDate, scope: scope))
        return expected == signature ? "accepted" : "signature mismatch over\n\(canonical)"
    }
}
