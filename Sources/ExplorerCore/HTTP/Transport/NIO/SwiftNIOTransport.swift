import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport straight over SwiftNIO: the default on Linux. It keeps its own pool of connections (HTTP/1.1
/// keep-alive, HTTP/2 by ALPN), times DNS, TCP, a proxy tunnel and the TLS handshake of each connection it opens,
/// never follows a redirect, decodes gzip/deflate as the body streams in, and leaves every timeout to the core.
final class SwiftNIOTransport: HTTPTransport, @unchecked Sendable {
    /// The process-wide transport; its connections live as long as the process or until the server closes them.
    static let shared = SwiftNIOTransport()

    /// The timers of the requests this transport carries.
    let timers = EngineTimers()
    private let lock = NSLock()
    /// TLS contexts already made, by the options they came from (reading PEM files and loading trust roots once).
    private var contexts: [TLSOptions: NIOSSLContext] = [:]
    private var pool: NIOConnectionPool!

    init() {
        pool = NIOConnectionPool(group: MultiThreadedEventLoopGroup.singleton) { [unowned self] key throws(URLError) in
            try key.tls.map { options throws(URLError) in try context(for: options).context }
        }
    }

    func exchange(_ request: URLRequest, configuration: Request.Configuration, events: HopReceiver) -> any TransportExchange {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let rawHost = url.host(percentEncoded: false), !rawHost.isEmpty else {
            return NIOFailedExchange(events: events, error: URLError(.badURL))
        }
        let isTLS = scheme == "https"
        let host = rawHost.lowercased()
        let port = url.port ?? (isTLS ? 443 : 80)
        let proxy: ProxyChoice?
        var tls: TLSOptions?
        do throws(URLError) {
            proxy = try ProxyChoice.forRequest(to: url, configured: configuration.proxy)
            if isTLS {
                var options = configuration.tls
                options.verify = configuration.verifiesTLSCertificates
                // Made here so a file that cannot be read fails the request at once, naming the file. The first request
                // with these options waits while the system's trust store is read: the trace shows it as "tls setup".
                if let seconds = try context(for: options).made { events.madeTLSContext(in: seconds) }
                tls = options
            }
        } catch {
            return NIOFailedExchange(events: events, error: error)
        }
        let key = NIOPoolKey(isTLS: isTLS, host: host, port: port, tls: tls, proxy: proxy, connectionLimit: configuration.connectionsPerHost)
        let defaultPort = port == (isTLS ? 443 : 80)
        let hostField = (host.contains(":") ? "[\(rawHost)]" : rawHost) + (defaultPort ? "" : ":\(port)")
        let path = url.path(percentEncoded: true)
        var target = path.isEmpty ? "/" : path
        if let query = url.query(percentEncoded: true) { target += "?" + query }
        // Through a proxy, plain http names the whole URL; https goes through a tunnel and names only the path.
        if proxy != nil, !isTLS { target = "http://" + hostField + target }
        let method = NIOHTTP1.HTTPMethod(rawValue: request.httpMethod ?? "GET")
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: target)
        head.headers.add(name: "Host", value: hostField)
        let fields = request.allHTTPHeaderFields ?? [:]
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) where name.lowercased() != "host" {
            head.headers.add(name: name, value: value)
        }
        // A Host of the user's own replaces the one the URL gives (an empty one is not sent as a second Host).
        if let custom = fields.first(where: { $0.key.lowercased() == "host" && !$0.value.isEmpty }) {
            head.headers.replaceOrAdd(name: "Host", value: custom.value)
        }
        // Foundation asks for compressed bodies and decodes them; so does this transport, unless the caller chose.
        if !head.headers.contains(name: "Accept-Encoding") { head.headers.add(name: "Accept-Encoding", value: "gzip, deflate") }
        if let authorization = proxy?.authorization, !isTLS { head.headers.add(name: "Proxy-Authorization", value: authorization) }
        var body: ByteBuffer?
        if let data = request.httpBody {
            head.headers.replaceOrAdd(name: "Content-Length", value: String(data.count))
            body = ByteBuffer(bytes: data)
        } else if method == .POST || method == .PUT || method == .PATCH {
            head.headers.replaceOrAdd(name: "Content-Length", value: "0")
        } else {
            // A length with no body (copied from another request) would leave the server waiting for bytes that never come.
            head.headers.remove(name: "Content-Length")
        }
        // The head as it goes out (Accept-Encoding and Content-Length included), for printing and history; the Host the
        // request line's URL gives is shown from it.
        var written: [String: String] = [:]
        for (name, value) in head.headers where name.lowercased() != "host" { written[name] = value }
        events.wrote(fields: written)
        return SwiftNIOExchange(head: head, body: body, url: url, key: key, events: events, pool: pool)
    }

    func refusal(for request: URLRequest, configuration: Request.Configuration) -> URLError? {
        request.controlCharacterRefusal
    }

    /// The TLS context for `options`, made once per set of options, offering HTTP/2 and HTTP/1.1 by ALPN, and how long
    /// making it took when this call made it (`nil` when it was made before); throws a URLError that names the file
    /// that could not be read.
    private func context(for options: TLSOptions) throws(URLError) -> (context: NIOSSLContext, made: TimeInterval?) {
        if let made = lock.withLock({ contexts[options] }) { return (made, nil) }
        let started = DispatchTime.now().uptimeNanoseconds
        var configuration = try options.makeTLSConfiguration()
        configuration.applicationProtocols = ["h2", "http/1.1"]
        let made: NIOSSLContext
        do {
            made = try NIOSSLContext(configuration: configuration)
        } catch {
            throw URLError(.secureConnectionFailed, detail: "the TLS settings cannot be used: \(error)")
        }
        lock.withLock { contexts[options] = made }
        return (made, Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9)
    }
}
