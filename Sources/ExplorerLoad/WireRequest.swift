import ExplorerCore
import ExplorerWorkspace
import Foundation
import NIOCore
import NIOHTTP1

/// A request a load test can send straight on SwiftNIO, again and again with the same bytes: plain http, no proxy,
/// credentials that are a fixed header or query item, and checks that read only the status. It carries the cookies
/// the jar holds for it when the test starts; cookies set during the test are not sent back.
public struct WireRequest: Sendable {
    /// The host to connect to.
    public var host: String
    /// The port.
    public var port: Int
    /// The request head, Host and Content-Length included.
    public var head: HTTPRequestHead
    /// The body's bytes.
    public var body: ByteBuffer?
    /// The status checks, run on every response.
    public var statusChecks: [StatusExpectation]
    /// Seconds a request may wait for its answer (the request's timeout) before it counts as timed out.
    public var timeout: Double

    /// The wire form of `request` with `checks`, or nil when it needs the whole transport (https, a proxy, cookies,
    /// signed or token credentials, a check that reads more than the status).
    public init?(_ request: Request, checks: [CheckSpec], environment: [String: String] = ProcessInfo.processInfo.environment) {
        var statuses: [StatusExpectation] = []
        for check in checks {
            guard case let .status(expected) = check.kind else { return nil }
            statuses.append(expected)
        }
        switch request.authentication {
        case nil, .basic?, .bearer?, .apiKey?: break
        default: return nil
        }
        let proxies = ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"]
        guard request.configuration.proxy == nil || request.configuration.proxy == "direct",
              request.configuration.proxy == "direct" || !proxies.contains(where: { environment[$0].map { !$0.isEmpty } ?? false }),
              request.configuration.transport == nil || request.configuration.transport == .swiftNIO,
              let url = request.url, url.scheme?.lowercased() == "http", let host = url.host(percentEncoded: false), !host.isEmpty,
              let encoded = try? request.body?.encoded() ?? Data() else { return nil }
        self.host = host
        port = url.port ?? 80
        let path = url.path(percentEncoded: true)
        var target = path.isEmpty ? "/" : path
        if let query = url.query(percentEncoded: true) { target += "?" + query }
        var head = HTTPRequestHead(version: .http1_1, method: NIOHTTP1.HTTPMethod(rawValue: request.httpMethod.rawValue), uri: target)
        head.headers.add(name: "Host", value: (host.contains(":") ? "[\(host)]" : host) + (url.port.map { ":\($0)" } ?? ""))
        for header in request.effectiveHeaders.fields where header.name.lowercased() != "host" && header.name.lowercased() != "content-length" {
            head.headers.add(name: header.name, value: header.value)
        }
        if !head.headers.contains(name: "User-Agent") { head.headers.add(name: "User-Agent", value: ExplorerCoreInfo.userAgent) }
        if !head.headers.contains(name: "Cookie"), let cookies = request.configuration.cookieJar?.header(for: url) { head.headers.add(name: "Cookie", value: cookies) }
        if !encoded.isEmpty || ["POST", "PUT", "PATCH"].contains(request.httpMethod.rawValue) {
            head.headers.add(name: "Content-Length", value: String(encoded.count))
        }
        self.head = head
        body = encoded.isEmpty ? nil : ByteBuffer(bytes: encoded)
        statusChecks = statuses
        timeout = request.configuration.timeoutInterval > 0 ? request.configuration.timeoutInterval : 60
    }

    /// The checks passed and failed by a response of `status`.
    func checks(_ status: Int) -> (passed: Int, failed: Int) {
        let passed = statusChecks.filter { $0.accepts(status) }.count
        return (passed, statusChecks.count - passed)
    }
}
