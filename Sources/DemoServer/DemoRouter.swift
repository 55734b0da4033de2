import ExplorerCore
import FlyingFox
import Foundation

/// Routes every request of the demo API; one handler so that paths like `/echo/anything/below` need no patterns.
struct DemoRouter: HTTPHandler {
    let state: DemoState

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        await state.recordHit(request.path)
        let parts = request.path.split(separator: "/").map(String.init)
        let query = QueryEncoding.decode(request.target.query(percentEncoded: true)).map { ($0.name, $0.value ?? "") }
        let method = request.method.rawValue
        switch parts.first ?? "" {
        case "":
            return DemoReply.json(DemoContent.index)
        case "echo":
            return try await echo(request, query: query)
        case "status":
            return status(Int(parts.count > 1 ? parts[1] : "") ?? 400)
        case "delay":
            let seconds = min(max(Double(parts.count > 1 ? parts[1] : "") ?? 1, 0), 60)
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            return DemoReply.json(.object([("delayed", .number(DemoRouter.number(seconds)))]))
        case "bytes":
            let count = min(max(Int(parts.count > 1 ? parts[1] : "") ?? 0, 0), 200_000_000)
            return DemoReply.data(DemoContent.bytes(count), contentType: "application/octet-stream")
        case "large-json":
            let items = min(max(Int(query.first { $0.0 == "items" }?.1 ?? "") ?? 10_000, 0), 2_000_000)
            return DemoReply.data(DemoContent.largeJSON(items: items), contentType: "application/json")
        case "xml":
            return DemoReply.text(DemoContent.xml, contentType: "application/xml; charset=utf-8")
        case "html":
            return DemoReply.text(DemoContent.html, contentType: "text/html; charset=utf-8")
        case "text":
            return DemoReply.text(DemoContent.plainText, contentType: "text/plain; charset=utf-8")
        case "form":
            return DemoReply.text("name=Ada+Lovelace&language=en&note=100%25+analytical", contentType: "application/x-www-form-urlencoded")
        case "image":
            return DemoReply.data(DemoContent.png, contentType: "image/png")
        case "gzip":
            var reply = DemoReply.data(Gzip.encode(Data(DemoContent.gzipPayload.encoded().utf8)), contentType: "application/json")
            reply.headers[HTTPHeader("Content-Encoding")] = "gzip"
            return reply
        case "redirect":
            let remaining = Int(parts.count > 1 ? parts[1] : "") ?? 0
            if remaining <= 0 { return DemoReply.json(.object([("redirected", true)])) }
            return DemoReply.redirect(to: "/redirect/\(remaining - 1)")
        case "redirect-to":
            return DemoReply.redirect(to: query.first { $0.0 == "url" }?.1 ?? "/")
        case "bearer":
            return bearer(request)
        case "login":
            return try await login(request)
        case "basic-auth":
            return basicAuth(request, user: parts.count > 1 ? parts[1] : "", password: parts.count > 2 ? parts[2] : "")
        case "flaky":
            return await flaky(key: parts.count > 1 ? parts[1] : "", query: query)
        case "users", "posts", "todos":
            return try await resource(request, name: parts[0], id: parts.count > 1 ? parts[1] : nil, method: method)
        default:
            return DemoReply.error(404, "No route for \(method) \(request.path). GET / lists the routes.")
        }
    }

    private func echo(_ request: HTTPRequest, query: [(String, String)]) async throws -> HTTPResponse {
        let body = try await request.bodyData
        let text = String(data: body, encoding: .utf8)
        let headers: [DemoJSON] = request.headers.map { .object([("name", .string($0.key.rawValue)), ("value", .string($0.value))]) }
        let reply = DemoJSON.object([
            ("method", .string(request.method.rawValue)),
            ("path", .string(request.path)),
            ("query", .array(query.map { .object([("name", .string($0.0)), ("value", .string($0.1))]) })),
            ("headers", .array(headers.sorted { $0.encoded() < $1.encoded() })),
            ("body", .string(text ?? body.base64EncodedString())),
            ("bodyBase64", .bool(text == nil)),
            ("bodyLength", .number(String(body.count))),
        ])
        return DemoReply.json(reply)
    }

    private func status(_ code: Int) -> HTTPResponse {
        guard (100...599).contains(code) else { return DemoReply.error(400, "Status codes run from 100 to 599.") }
        if code == 204 || code == 304 || code < 200 {
            return HTTPResponse(statusCode: DemoReply.statusCode(code))
        }
        var reply = DemoReply.json(.object([("status", .number(String(code))), ("reason", .string(DemoReply.reason(code)))]), status: code)
        if code == 401 { reply.headers[HTTPHeader("WWW-Authenticate")] = "Bearer realm=\"demo\"" }
        return reply
    }

    /// `POST /login` with `{"username": "ada", "password": "s3cret"}`: the bearer token and a session cookie, for
    /// collections that capture a token and use it in later requests.
    private func login(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method.rawValue == "POST" else { return DemoReply.error(405, "Use POST /login.") }
        guard let json = DemoJSON.parse(try await request.bodyData), json["username"] == .string("ada"), json["password"] == .string("s3cret") else {
            return DemoReply.error(401, "Send {\"username\": \"ada\", \"password\": \"s3cret\"}.")
        }
        var reply = DemoReply.json(.object([("token", .string(DemoServer.bearerToken)), ("expiresIn", .number("3600")),
                                            ("user", .object([("username", "ada"), ("name", "Ada Lovelace")]))]))
        reply.headers[HTTPHeader("Set-Cookie")] = "session=demo-session; Path=/; HttpOnly"
        return reply
    }

    private func bearer(_ request: HTTPRequest) -> HTTPResponse {
        let expected = "Bearer \(DemoServer.bearerToken)"
        guard request.headers[HTTPHeader("Authorization")] == expected else {
            var reply = DemoReply.error(401, "Send the header 'Authorization: Bearer \(DemoServer.bearerToken)'.")
            reply.headers[HTTPHeader("WWW-Authenticate")] = "Bearer realm=\"demo\""
            return reply
        }
        return DemoReply.json(.object([("authenticated", true), ("scheme", "Bearer")]))
    }

    private func basicAuth(_ request: HTTPRequest, user: String, password: String) -> HTTPResponse {
        let expected = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        guard request.headers[HTTPHeader("Authorization")] == expected else {
            var reply = DemoReply.error(401, "Send Basic credentials for \(user).")
            reply.headers[HTTPHeader("WWW-Authenticate")] = "Basic realm=\"demo\""
            return reply
        }
        return DemoReply.json(.object([("authenticated", true), ("user", .string(user))]))
    }

    private func flaky(key: String, query: [(String, String)]) async -> HTTPResponse {
        let value = { (name: String) in query.first { $0.0 == name }?.1 }
        let failures = Int(value("failures") ?? "") ?? 1
        let code = Int(value("status") ?? "") ?? 503
        let attempt = await state.nextFlakyAttempt(key)
        guard attempt >= failures else {
            var reply = DemoReply.json(.object([("status", .number(String(code))), ("attempt", .number(String(attempt + 1)))]), status: code)
            if let retryAfter = value("retryAfter") { reply.headers[HTTPHeader("Retry-After")] = retryAfter }
            return reply
        }
        return DemoReply.json(.object([("ok", true), ("attempt", .number(String(attempt + 1)))]))
    }

    private func resource(_ request: HTTPRequest, name: String, id rawID: String?, method: String) async throws -> HTTPResponse {
        let body = try await request.bodyData
        guard let rawID else {
            switch method {
            case "GET", "HEAD":
                let records = await state.withResource(name) { $0.records } ?? []
                return DemoReply.json(.array(records))
            case "POST":
                guard let json = DemoJSON.parse(body), case .object = json else { return DemoReply.error(400, "Send a JSON object.") }
                let created = await state.withResource(name) { $0.create(json) } ?? json
                var reply = DemoReply.json(created, status: 201)
                reply.headers[HTTPHeader("Location")] = "/\(name)/\(created["id"]?.encoded() ?? "")"
                return reply
            default:
                return DemoReply.error(405, "\(method) is not allowed on /\(name); use GET or POST.")
            }
        }
        guard let id = Int(rawID) else { return DemoReply.error(400, "'\(rawID)' is not a numeric id.") }
        let notFound = DemoReply.error(404, "There is no \(name.dropLast()) with id \(id).")
        switch method {
        case "GET", "HEAD":
            guard let record = await state.withResource(name, { $0.record(id: id) }) ?? nil else { return notFound }
            return DemoReply.json(record)
        case "PUT", "PATCH":
            guard let json = DemoJSON.parse(body), case .object = json else { return DemoReply.error(400, "Send a JSON object.") }
            guard let updated = await state.withResource(name, { $0.update(id: id, with: json, merge: method == "PATCH") }) ?? nil else { return notFound }
            return DemoReply.json(updated)
        case "DELETE":
            guard await state.withResource(name, { $0.delete(id: id) }) == true else { return notFound }
            return HTTPResponse(statusCode: DemoReply.statusCode(204))
        default:
            return DemoReply.error(405, "\(method) is not allowed on /\(name)/\(id).")
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
