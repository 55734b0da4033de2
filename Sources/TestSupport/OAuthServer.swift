import ExplorerCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback OAuth 2.0 server (127.0.0.1, port 0) that behaves as real ones do, for one client:
/// `POST /token` answers every grant (client credentials, password, refresh token, authorization code with PKCE S256,
/// device code) with the client authenticated by a Basic header or form fields, and errors as RFC 6749 writes them;
/// `GET /authorize` redirects the browser back with a code and the `state`; `POST /device` starts a device flow that
/// `approveDevice()` approves; `/api/…` wants a live bearer token (`/api/echo` writes it back in the body, as a
/// careless server would). Raw POSIX sockets, one request per connection.
public final class OAuthServer: @unchecked Sendable {
    /// The bound port.
    public let port: UInt16
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL
    /// The client the server knows.
    public let clientId: String
    /// The client's secret.
    public let clientSecret: String
    /// The user the password grant accepts.
    public let username: String
    /// That user's password.
    public let password: String
    /// The lifetime given to each access token, in seconds.
    public let tokenLifetime: Int
    /// Seconds between device polls the server asks for.
    public let deviceInterval: Int

    private let listener: Int32
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stopped = false
    private var calls: [OAuthTokenCall] = []
    private var accessTokens: [String: Date] = [:]
    private var refreshTokens: Set<String> = []
    private var codes: [String: (challenge: String, redirect: String)] = [:]
    private var device: (code: String, approved: Bool, expired: Bool, lastPoll: Date?) = ("", false, false, nil)
    private var slowDownNext = false
    private var polls: [String] = []
    private var issued = 0
    private var apiHits: [String] = []

    /// Binds a free loopback port.
    public init(clientId: String = "cli-app", clientSecret: String = "s3cr3t-CLIENT", username: String = "ada",
                password: String = "pw-USER", tokenLifetime: Int = 3600, deviceInterval: Int = 1) throws {
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.username = username
        self.password = password
        self.tokenLifetime = tokenLifetime
        self.deviceInterval = deviceInterval
        (listener, port) = try LoopbackSocket.listen()
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// An absolute URL string for a path on this server.
    public func url(_ path: String) -> String { baseURL.absoluteString + path }

    /// Every token request so far, oldest first.
    public var tokenCalls: [OAuthTokenCall] { lock.withLock { calls } }

    /// The bearer tokens `/api/` saw, oldest first (refused ones too).
    public var apiTokens: [String] { lock.withLock { apiHits } }

    /// Makes every access token issued so far stop working, as a server that revoked them would (refresh tokens stay).
    public func revokeAccessTokens() { lock.withLock { accessTokens.removeAll() } }

    /// Makes every refresh token issued so far stop working.
    public func revokeRefreshTokens() { lock.withLock { refreshTokens.removeAll() } }

    /// The person approves the device flow in progress.
    public func approveDevice() { lock.withLock { device.approved = true } }

    /// The next device poll is answered `slow_down`, as a server that thinks the client polls too fast.
    public func demandSlowDown() { lock.withLock { slowDownNext = true } }

    /// The `error` each device poll was answered with (`ok` for the token), oldest first.
    public var devicePolls: [String] { lock.withLock { polls } }

    /// The device flow in progress runs out of time.
    public func expireDevice() { lock.withLock { device.expired = true } }

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
        let (status, headers, text) = answer(request, form: OAuthServer.form(String(decoding: body, as: UTF8.self)))
        let reason = [200: "OK", 302: "Found", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found"][status] ?? "Status"
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for header in headers { head += header + "\r\n" }
        head += "Content-Type: application/json\r\nContent-Length: \(Data(text.utf8).count)\r\nConnection: close\r\n\r\n"
        _ = RawSocketIO.send(fd, Data((head + text).utf8))
    }

    private func answer(_ request: RecordedRequest, form: [String: String]) -> (Int, [String], String) {
        switch request.path {
        case "/token": return token(request, form: form)
        case "/device": return startDevice(request, form: form)
        case "/authorize":
            let query = OAuthServer.form(String(request.target.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""))
            return authorize(query)
        default:
            guard request.path.hasPrefix("/api/") else { return (404, [], "{}") }
            let header = request.headers["authorization"] ?? ""
            let token = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : ""
            let live = lock.withLock { () -> Bool in
                apiHits.append(token)
                return accessTokens[token].map { $0 > Date() } ?? false
            }
            guard live else { return (401, ["WWW-Authenticate: Bearer error=\"invalid_token\""], "{\"error\":\"invalid_token\"}") }
            return (200, [], request.path == "/api/echo" ? "{\"you sent\":\"\(token)\"}" : "{\"ok\":true}")
        }
    }

    private func authorize(_ query: [String: String]) -> (Int, [String], String) {
        guard query["response_type"] == "code", query["client_id"] == clientId, let redirect = query["redirect_uri"],
              redirect.hasPrefix("http://127.0.0.1:"), query["code_challenge_method"] == "S256",
              let challenge = query["code_challenge"] else {
            return (400, [], "{\"error\":\"invalid_request\"}")
        }
        let code = "code-" + UUID().uuidString
        lock.withLock { codes[code] = (challenge, redirect) }
        let state = query["state"].map { "&state=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? ""
        return (302, ["Location: \(redirect)?code=\(code)\(state)"], "")
    }

    private func startDevice(_ request: RecordedRequest, form: [String: String]) -> (Int, [String], String) {
        guard form["client_id"] == clientId || authenticatedBy(request, form: form) != nil else {
            return (401, [], "{\"error\":\"invalid_client\"}")
        }
        let code = "dev-" + UUID().uuidString
        lock.withLock { device = (code, false, false, nil) }
        return (200, [], "{\"device_code\":\"\(code)\",\"user_code\":\"WDJB-MJHT\",\"verification_uri\":\"\(url("/device/verify"))\","
            + "\"verification_uri_complete\":\"\(url("/device/verify?user_code=WDJB-MJHT"))\",\"expires_in\":600,\"interval\":\(deviceInterval)}")
    }

    /// How the client authenticated (`basic`, `body`), or nil when it did not prove it is the client.
    private func authenticatedBy(_ request: RecordedRequest, form: [String: String]) -> String? {
        if let header = request.headers["authorization"], header.hasPrefix("Basic "),
           let decoded = Data(base64Encoded: String(header.dropFirst(6))).map({ String(decoding: $0, as: UTF8.self) }) {
            let parts = decoded.split(separator: ":", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            return parts.count == 2 && parts[0] == clientId && parts[1] == clientSecret ? "basic" : nil
        }
        return form["client_id"] == clientId && form["client_secret"] == clientSecret ? "body" : nil
    }

    private func token(_ request: RecordedRequest, form: [String: String]) -> (Int, [String], String) {
        let grant = form["grant_type"] ?? ""
        let clientAuth = authenticatedBy(request, form: form)
        let isPublic = grant == "authorization_code" || grant.hasSuffix("device_code")
        var reply: (Int, String?, String)
        if clientAuth == nil, !(isPublic && form["client_id"] == clientId) {
            reply = (401, "invalid_client", "client authentication failed")
        } else {
            reply = grantReply(grant, form: form)
        }
        let (status, error, text) = reply
        lock.withLock {
            calls.append(OAuthTokenCall(grant: grant, clientAuth: clientAuth ?? "none", fields: form, status: status, error: error))
        }
        if let error { reply.2 = "{\"error\":\"\(error)\",\"error_description\":\"\(text)\"}" }
        return (status, [], reply.2)
    }

    private func grantReply(_ grant: String, form: [String: String]) -> (Int, String?, String) {
        switch grant {
        case "client_credentials": return (200, nil, issue(scope: form["scope"], refresh: false))
        case "password":
            guard form["username"] == username, form["password"] == password else { return (400, "invalid_grant", "wrong user name or password") }
            return (200, nil, issue(scope: form["scope"], refresh: true))
        case "refresh_token":
            let known = lock.withLock { refreshTokens.remove(form["refresh_token"] ?? "") != nil }
            guard known else { return (400, "invalid_grant", "the refresh token is not valid") }
            return (200, nil, issue(scope: form["scope"], refresh: true))
        case "authorization_code":
            let pending = lock.withLock { codes.removeValue(forKey: form["code"] ?? "") }
            guard let pending, pending.redirect == form["redirect_uri"] else { return (400, "invalid_grant", "unknown code or redirect_uri") }
            guard PKCE.challenge(for: form["code_verifier"] ?? "") == pending.challenge else {
                return (400, "invalid_grant", "PKCE verification failed")
            }
            return (200, nil, issue(scope: form["scope"], refresh: true))
        case "urn:ietf:params:oauth:grant-type:device_code":
            return devicePoll(form["device_code"] ?? "")
        default:
            return (400, "unsupported_grant_type", "no grant \(grant)")
        }
    }

    private func devicePoll(_ code: String) -> (Int, String?, String) {
        let now = Date()
        let (known, approved, expired, tooSoon) = lock.withLock { () -> (Bool, Bool, Bool, Bool) in
            let soon = device.lastPoll.map { now.timeIntervalSince($0) < Double(deviceInterval) - 0.2 } ?? false
            device.lastPoll = now
            return (device.code == code, device.approved, device.expired, soon)
        }
        let slowDown = lock.withLock { () -> Bool in
            defer { slowDownNext = false }
            return slowDownNext
        }
        let reply: (Int, String?, String)
        if !known {
            reply = (400, "invalid_grant", "unknown device code")
        } else if expired {
            reply = (400, "expired_token", "the device code expired")
        } else if tooSoon || slowDown {
            reply = (400, "slow_down", "polling too fast")
        } else if !approved {
            reply = (400, "authorization_pending", "waiting for the user")
        } else {
            reply = (200, nil, issue(scope: nil, refresh: true))
        }
        lock.withLock { polls.append(reply.1 ?? "ok") }
        return reply
    }

    private func issue(scope: String?, refresh: Bool) -> String {
        let (access, refreshToken) = lock.withLock { () -> (String, String?) in
            issued += 1
            let access = "at-\(issued)-" + UUID().uuidString
            accessTokens[access] = Date().addingTimeInterval(Double(tokenLifetime))
            let refreshToken = refresh ? "rt-\(issued)-" + UUID().uuidString : nil
            if let refreshToken { refreshTokens.insert(refreshToken) }
            return (access, refreshToken)
        }
        var fields = ["\"access_token\":\"\(access)\"", "\"token_type\":\"Bearer\"", "\"expires_in\":\(tokenLifetime)"]
        if let refreshToken { fields.append("\"refresh_token\":\"\(refreshToken)\"") }
        fields.append("\"scope\":\"\(scope ?? "read")\"")
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A form or query string decoded (`+` as space).
    static func form(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}
