import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// One client connection to the proxy: reads its requests one at a time, turns `CONNECT` into an intercepted TLS
/// tunnel, forwards the rest upstream and writes each answer back as it arrives.
final class CaptureConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let session: CaptureSession
    private var decoder: ByteToMessageHandler<HTTPRequestDecoder>
    private var encoder: HTTPResponseEncoder
    private var context: ChannelHandlerContext?
    /// `https://host:port` once a `CONNECT` made this connection a tunnel; its requests name only a path.
    private var origin: String?
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var tooLarge = false
    private var waiting: [(head: HTTPRequestHead, body: ByteBuffer)] = []
    private var busy = false
    /// The request in flight upstream, stopped when the client goes away before its answer is whole.
    private var inFlight: CaptureInFlight?
    /// Plain `http://` requests' own way upstream, made with the first of them.
    private var plain: CapturePlainRelay?

    /// Requests read ahead of the one in flight; past this the connection is not read until they are taken.
    static let maximumWaiting = 8

    /// The encoder of answers to the client. Every answer's head says how its body is framed (the upstream's length,
    /// chunked for HTTP/1.1, or the connection's end for HTTP/1.0); NIO's own framing, not told a request was HEAD,
    /// would chunk a HEAD answer without a length and leave its terminator in front of the next answer.
    static func makeEncoder() -> HTTPResponseEncoder {
        var configuration = HTTPResponseEncoder.Configuration()
        configuration.automaticallySetFramingHeaders = false
        return HTTPResponseEncoder(configuration: configuration)
    }

    init(session: CaptureSession, decoder: ByteToMessageHandler<HTTPRequestDecoder>, encoder: HTTPResponseEncoder) {
        self.session = session
        self.decoder = decoder
        self.encoder = encoder
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(received):
            head = received
            body.clear()
            tooLarge = false
            // curl waits a second for this before sending a large body; the upstream gets the body whole anyway.
            // Only between answers: a 100 written while an earlier answer streams would land inside it (a client
            // that hears none sends its body after a second anyway). HTTP/1.0 knows no 100.
            if received.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }), !busy, waiting.isEmpty,
               received.version == .http1_1 {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: received.version, status: .continue))), promise: nil)
            }
        case var .body(part):
            if body.readableBytes + part.readableBytes > session.options.maxRequestBodyBytes {
                tooLarge = true
            } else if !tooLarge {
                body.writeBuffer(&part)
            }
        case .end:
            guard let complete = head else { return }
            head = nil
            if tooLarge {
                answer(context, complete, status: .payloadTooLarge,
                       text: "apiexplorer proxy: the request body is over \(session.options.maxRequestBodyBytes) bytes\n", close: true)
                return
            }
            waiting.append((complete, body))
            body = ByteBuffer()
            // A client pipelining behind a slow answer is read no further until its requests are taken.
            if waiting.count >= Self.maximumWaiting { context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
            startNext()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // A stream nobody reads any more (an app closing its event source) stops upstream too.
        inFlight?.clientLeft()
        inFlight = nil
        plain?.clientLeft()
        plain = nil
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        plain?.clientWritabilityChanged(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A client that hangs up, or a TLS handshake a client refused (it does not trust the CA), ends this connection only.
        context.close(promise: nil)
    }

    /// Takes the next waiting request when none is in flight.
    private func startNext() {
        guard !busy, let context, !waiting.isEmpty else { return }
        let (requestHead, requestBody) = waiting.removeFirst()
        busy = true
        if waiting.count == Self.maximumWaiting - 1 { context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in } }
        if requestHead.method == .CONNECT {
            tunnel(context, requestHead)
            return
        }
        guard let url = upstreamURL(requestHead) else {
            local(context, requestHead)
            return
        }
        if CaptureHeaders.isWebSocketUpgrade(requestHead) {
            // The handover takes this handler out of the pipeline: the plain relay's upstream connection goes now.
            plain?.clientLeft()
            plain = nil
            let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
            // The decoder goes last: what it holds of the conversation comes out as it leaves, for the relay behind it.
            let handover = CaptureWebSocketRelay.Handover(context: context, head: requestHead, url: url,
                                                          httpHandlers: [encoder, self, decoder], number: session.nextNumber())
            CaptureWebSocketRelay.start(handover, session: session) { problem in
                guard let context = bound.value.context else { return }
                bound.value.answer(context, requestHead, status: .badGateway, text: "apiexplorer proxy: \(problem)\n", close: true)
            }
            return
        }
        // NIO's decoder reads nothing after a request that asks to upgrade (to h2c, say): such a connection ends with
        // its answer.
        let keepAlive = requestHead.isKeepAlive && !CaptureHeaders.connectionTokens(requestHead.headers).contains("upgrade")
        if let target = CapturePlainTarget(url) {
            let relay = plain ?? CapturePlainRelay(session: session, client: context)
            plain = relay
            relay.send(head: requestHead, target: target, url: url, body: requestBody, keepAlive: keepAlive) { [unowned self] reusable in
                finished(keepAlive: reusable)
            }
            return
        }
        let forwarder = CaptureForwarder(session: session, channel: context.channel)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let data = Data(requestBody.readableBytesView)
        inFlight = forwarder.forward(head: requestHead, url: url, body: data) { completed in
            if bound.eventLoop.inEventLoop {
                bound.value.finished(keepAlive: keepAlive && completed)
            } else {
                bound.eventLoop.execute { bound.value.finished(keepAlive: keepAlive && completed) }
            }
        }
    }

    /// After an answer: the next request on this connection, or the end of it.
    private func finished(keepAlive: Bool) {
        busy = false
        inFlight = nil
        guard keepAlive else {
            context?.close(promise: nil)
            return
        }
        startNext()
    }

    /// Where a request goes: its absolute-form URL, or inside a tunnel the tunnel's origin and its path; nil for a
    /// request meant for the proxy itself.
    private func upstreamURL(_ head: HTTPRequestHead) -> String? {
        let lower = head.uri.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return head.uri }
        guard let origin, head.uri.hasPrefix("/") else { return nil }
        return origin + head.uri
    }

    /// Answers `CONNECT host:port` with 200 and from then on speaks TLS to the client as that host, with a
    /// certificate the proxy's CA signs.
    private func tunnel(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
        guard let target = CaptureAuthorityTarget(head.uri) else {
            answer(context, head, status: .badRequest, text: "apiexplorer proxy: CONNECT needs host:port, got \(head.uri)\n", close: true)
            return
        }
        let tls: NIOSSLContext
        do { tls = try session.authority.serverContext(for: target.host) } catch {
            answer(context, head, status: .badGateway, text: "apiexplorer proxy: \(error)\n", close: true)
            return
        }
        // The encoder would frame a 200 with a chunked body; a tunnel's answer is the head alone.
        context.pipeline.syncOperations.removeHandler(encoder, promise: nil)
        let written = context.writeAndFlush(NIOAny(ByteBuffer(string: "HTTP/1.1 200 Connection established\r\n\r\n")))
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        written.whenComplete { result in
            guard case .success = result else { return }
            bound.value.startTunnel(tls, target: target)
        }
    }

    /// The pipeline after the tunnel's 200: a sniffer that puts TLS in front when the client starts a handshake, then
    /// a new HTTP codec for the requests inside the tunnel.
    private func startTunnel(_ tls: NIOSSLContext, target: CaptureAuthorityTarget) {
        guard let context else { return }
        let pipeline = context.pipeline.syncOperations
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        do {
            let old = decoder
            decoder = ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes))
            encoder = Self.makeEncoder()
            let sniffer = CaptureTLSSniffer(tls: tls) { isTLS in
                bound.value.origin = isTLS ? target.origin : target.plainOrigin
            }
            // Right behind the old decoder: bytes a client sent before our 200 (its ClientHello) come out of it as it
            // leaves, and must reach the sniffer, not this handler.
            try pipeline.addHandler(sniffer, position: .after(old))
            try pipeline.addHandler(decoder, position: .after(sniffer))
            try pipeline.addHandler(encoder, position: .after(decoder))
            pipeline.removeHandler(old, promise: nil)
        } catch {
            context.close(promise: nil)
            return
        }
        busy = false
        startNext()
    }

    /// A request to the proxy itself: `/ca.pem` is the CA certificate (for clients to trust), anything else says how
    /// to use the proxy.
    private func local(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
        if head.uri == "/ca.pem" {
            answer(context, head, status: .ok, text: session.authority.certificatePEM, contentType: "application/x-pem-file", close: !head.isKeepAlive)
        } else {
            answer(context, head, status: .ok, contentType: "text/plain; charset=utf-8", close: !head.isKeepAlive, text: """
                This is apiexplorer's capturing proxy. Send requests through it with HTTP_PROXY and HTTPS_PROXY set to this
                address; trust its CA (GET /ca.pem here, or `apiexplorer proxy --print-ca`) for HTTPS.

                """)
        }
    }

    /// Answers with a short text body of the proxy's own.
    func answer(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, status: HTTPResponseStatus, text: String,
                        contentType: String = "text/plain; charset=utf-8", close: Bool) {
        answer(context, head, status: status, contentType: contentType, close: close, text: text)
    }

    private func answer(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, status: HTTPResponseStatus, contentType: String,
                        close: Bool, text: String) {
        var headers = HTTPHeaders([("Content-Type", contentType), ("Content-Length", "\(text.utf8.count)")])
        if close { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if head.method != .HEAD { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil) }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        done.whenComplete { _ in bound.value.finished(keepAlive: !close) }
    }
}
