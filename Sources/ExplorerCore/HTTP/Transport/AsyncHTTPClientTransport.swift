import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport over AsyncHTTPClient (SwiftNIO): the default on Linux. It never follows a redirect, decodes
/// gzip/deflate as the body streams in, and leaves every timeout to the core so they hold to the millisecond.
final class AsyncHTTPClientTransport: HTTPTransport, @unchecked Sendable {
    /// The process-wide transport; its client lives as long as the process, so it is never shut down.
    static let shared = AsyncHTTPClientTransport()

    /// The client for direct connections; those for proxies are made as they are first needed.
    private let client: HTTPClient
    private let baseConfiguration: HTTPClient.Configuration
    /// One client per proxy: AHC sets the proxy for a whole client.
    private var proxiedClients: [ProxyChoice: HTTPClient] = [:]
    /// Which connection carried each hop, with its address and TLS session.
    private let connections = ConnectionLog()
    private let lock = NSLock()
    /// TLS configurations already built, by the options they came from (reading PEM files once).
    private var tlsConfigurations: [TLSOptions: TLSConfiguration] = [:]

    init() {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        // The core caps the decoded size itself, chunk by chunk, and cancels; AHC's own limit would only change the message.
        configuration.decompression = .enabled(limit: .none)
        // A refused connection is reported at once, as curl does, rather than retried until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        // An explorer sends to one host at a time: let concurrent sends (diff, scripts) open as many connections as curl
        // would, rather than queueing behind AHC's default of 8 per host.
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        // The core's timers bound each attempt and the deadline exactly; AHC's connect timer must not fire first.
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .hours(24))
        configuration.httpVersion = .automatic
        // AHC calls these once a connection is ready (TCP, TLS and ALPN done) and before any request goes over it.
        let connections = connections
        configuration.http1_1ConnectionDebugInitializer = { channel in
            connections.http1ConnectionReady(channel).flatMap { AsyncHTTPClientTransport.addEscaper(to: channel) }
        }
        configuration.http2ConnectionDebugInitializer = { connections.http2ConnectionReady($0) }
        configuration.http2StreamChannelDebugInitializer = { connections.http2StreamReady($0) }
        baseConfiguration = configuration
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// The client that sends through `proxy` (the direct one for `nil`); like the direct one it lives as long as the process.
    private func client(for proxy: ProxyChoice?) -> HTTPClient {
        guard let proxy else { return client }
        return lock.withLock {
            if let existing = proxiedClients[proxy] { return existing }
            var configuration = baseConfiguration
            configuration.proxy = .server(host: proxy.host, port: proxy.port,
                                          authorization: proxy.credentials.map { .basic(username: $0.user, password: $0.password) })
            let made = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            proxiedClients[proxy] = made
            return made
        }
    }

    /// Puts a `HeadControlByteEscaper` in front of a new HTTP/1 connection's response decoder.
    private static func addEscaper(to channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPResponseDecoder>.self)
            try pipeline.addHandler(HeadControlByteEscaper(), position: .before(decoder))
        }
    }

    func exchange(_ request: URLRequest, configuration: Request.Configuration, events: HopReceiver) -> any TransportExchange {
        let exchange = AsyncHTTPClientExchange(events: events)
        guard let url = request.url else {
            exchange.failAtResume { events.finished(error: URLError(.badURL)) }
            return exchange
        }
        var headers = NIOHTTP1.HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        // Foundation asks for compressed bodies and decodes them; so does this transport, unless the caller chose.
        if !headers.contains(name: "Accept-Encoding") { headers.add(name: "Accept-Encoding", value: "gzip, deflate") }
        // Which connection carries the hop: the connection's HopMarkerHandler takes this out before the head is written.
        let hop = connections.nextHop()
        headers.replaceOrAdd(name: ConnectionLog.markerHeader, value: String(hop))
        let tls: TLSConfiguration?
        let proxy: ProxyChoice?
        do {
            tls = url.scheme?.lowercased() == "https" ? try tlsConfiguration(for: configuration) : nil
            proxy = try ProxyChoice.forRequest(to: url, configured: configuration.proxy)
        } catch {
            exchange.failAtResume { events.finished(error: error) }
            return exchange
        }
        let ahcRequest: HTTPClient.Request
        do {
            ahcRequest = try HTTPClient.Request(url: url, method: NIOHTTP1.HTTPMethod(rawValue: request.httpMethod ?? "GET"),
                                                headers: headers, body: request.httpBody.map { .data($0) }, tlsConfiguration: tls)
        } catch {
            exchange.failAtResume { events.finished(error: URLError(.badURL, detail: "\(error)")) }
            return exchange
        }
        let delegate = AsyncHTTPClientHopDelegate(url: url, proxy: proxy, events: events) { [connections] in connections.forget(hop: hop) }
        let client = client(for: proxy)
        exchange.prepare { [connections] in
            connections.expect(hop: hop, receiver: events)
            return client.execute(request: ahcRequest, delegate: delegate)
        }
        return exchange
    }

    /// A header value with a control character is refused before anything is sent.
    func refusal(for request: URLRequest, configuration: Request.Configuration) -> URLError? {
        request.controlCharacterRefusal
    }

    /// The TLS configuration for a request's options, built once per set of options; throws a URLError that names
    /// the file that could not be read.
    func tlsConfiguration(for configuration: Request.Configuration) throws(URLError) -> TLSConfiguration {
        var options = configuration.tls
        options.verify = configuration.verifiesTLSCertificates
        if let built = lock.withLock({ tlsConfigurations[options] }) { return built }
        let built = try options.makeTLSConfiguration()
        lock.withLock { tlsConfigurations[options] = built }
        return built
    }
}
