import NIOCore
import NIOHTTP1
import NIOSSL

/// Answers each request on a `TLSLoopbackServer` connection with the protocol in use and the client certificate's subject
/// (`/gzip`: 2,000 zero bytes gzipped, with two `Set-Cookie`).
final class TLSLoopbackHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let protocolName: String
    private let received: ReceivedHeaderNames
    /// The path of the request being read.
    private var path = ""

    init(protocolName: String, received: ReceivedHeaderNames) {
        self.protocolName = protocolName
        self.received = received
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if case .head(let head) = part {
            received.record(head.headers.map(\.name))
            path = head.uri
        }
        guard case .end = part else { return }
        guard path == "/slow" else { return respond(context: context) }
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(300)) { self.respond(context: context) }
    }

    private func respond(context: ChannelHandlerContext) {
        var text = "hello over \(protocolName)"
        // On HTTP/2 the TLS handler sits on the stream's parent channel; on HTTP/1 on the channel itself.
        let handler = (try? context.channel.pipeline.syncOperations.handler(type: NIOSSLServerHandler.self))
            ?? (try? context.channel.parent?.pipeline.syncOperations.handler(type: NIOSSLServerHandler.self))
        if let certificate = handler?.peerCertificate {
            text += "; client certificate: " + certificate.subjectName.map(\.value).joined(separator: ", ")
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain")
        var body = context.channel.allocator.buffer(string: text)
        // /gzip: a compressed body and a repeated header, to see both come through a stream as they went out; with no
        // Content-Length (chunked on HTTP/1.1), so only counting the bytes can tell the size on the wire.
        if path == "/gzip" {
            body = context.channel.allocator.buffer(bytes: GzipBomb.make(expandedBytes: 2000))
            headers.add(name: "Content-Encoding", value: "gzip")
            headers.add(name: "Set-Cookie", value: "a=1; Path=/")
            headers.add(name: "X-Between", value: "b")
            headers.add(name: "Set-Cookie", value: "c=3; Path=/; HttpOnly")
        }
        if path != "/gzip" { headers.add(name: "Content-Length", value: "\(body.readableBytes)") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
