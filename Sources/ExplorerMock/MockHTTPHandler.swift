import NIOCore
import NIOHTTP1

/// Answers each HTTP/1.1 request on one connection with the responder's answer, after the latency, keeping the
/// connection open unless the client asked to close it.
final class MockHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: MockResponder
    private let log: @Sendable (MockServedRequest) -> Void
    private var head: HTTPRequestHead?

    init(responder: MockResponder, log: @escaping @Sendable (MockServedRequest) -> Void) {
        self.responder = responder
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(received):
            head = received
        case .body:
            // The request's body takes no part in matching.
            break
        case .end:
            guard let head else { return }
            self.head = nil
            let started = NIODeadline.now()
            let roll = responder.settings.failRate > 0 ? Double.random(in: 0..<1) : 1
            var answer = responder.answer(method: head.method.rawValue, target: head.uri, prefer: head.headers.first(name: "Prefer"), roll: roll)
            let keepAlive = head.isKeepAlive
            if !keepAlive { answer.headers.replaceOrAdd(name: "Connection", value: "close") }
            let latency = responder.settings.latencyMilliseconds
            guard latency > 0 else {
                write(answer, for: head, keepAlive: keepAlive, started: started, context: context)
                return
            }
            // Answers on a connection go out in the order asked: each waits the same time from its own request.
            context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(latency)) { [self] in
                write(answer, for: head, keepAlive: keepAlive, started: started, context: context)
            }
        }
    }

    private func write(_ answer: MockAnswer, for head: HTTPRequestHead, keepAlive: Bool, started: NIODeadline, context: ChannelHandlerContext) {
        let version = head.version.major == 1 && head.version.minor == 0 ? HTTPVersion.http1_0 : .http1_1
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: answer.status, headers: answer.headers))), promise: nil)
        if head.method != .HEAD { context.write(wrapOutboundOut(.body(.byteBuffer(answer.body))), promise: nil) }
        if keepAlive {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
        let seconds = Double((NIODeadline.now() - started).nanoseconds) / 1e9
        log(MockServedRequest(method: head.method.rawValue, target: head.uri, status: Int(answer.status.code), matched: answer.matched, seconds: seconds))
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
