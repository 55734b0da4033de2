import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// One user of a `WireLoadEngine`: a connection's handler that sends the request, reads the answer and sends again,
/// opening a new connection when the server closes one. Everything happens on the connection's event loop.
final class WireLoadConnection: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let state: WireLoadState
    private let loop: EventLoop
    // Touched on `loop` only.
    private var sent: NIODeadline?
    private var head: NIODeadline?
    private var status = 0
    private var keepAlive = true
    private var connect: Double?
    private var counted = true
    private var deadline: Scheduled<Void>?

    private init(state: WireLoadState, loop: EventLoop, connect: Double?) {
        self.state = state
        self.loop = loop
        self.connect = connect
    }

    /// Opens a connection on `loop` for the next iteration; a connection that cannot be opened counts that iteration
    /// as an error and the user tries again.
    static func open(on loop: EventLoop, state: WireLoadState) {
        let began = NIODeadline.now()
        let bootstrap = ClientBootstrap(group: loop)
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
        bootstrap.connect(host: state.request.host, port: state.request.port).whenComplete { result in
            switch result {
            case let .success(channel):
                state.opened(channel)
                let handler = WireLoadConnection(state: state, loop: loop, connect: Double((NIODeadline.now() - began).nanoseconds) / 1e9)
                // The close future, not channelInactive: a channel closed before its activation reached the handler
                // (the handler closing it at once, the test being over) fires no channelInactive, and the user would
                // never finish.
                channel.closeFuture.whenComplete { _ in handler.closed(channel) }
                channel.pipeline.addHTTPClientHandlers().flatMap { channel.pipeline.addHandler(handler) }.whenFailure { _ in
                    channel.close(promise: nil)
                }
            case let .failure(error):
                guard !state.isOver, let drawn = state.next() else {
                    state.userFinished()
                    return
                }
                state.record(LoadSample(latency: Double((NIODeadline.now() - began).nanoseconds) / 1e9, error: WireLoadConnection.kind(of: error)),
                             counted: drawn.counted)
                // A refused connection fails at once: a short pause keeps a dead server from spinning the loop.
                loop.scheduleTask(in: .milliseconds(10)) { open(on: loop, state: state) }
            }
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        sendNext(context: context)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { sendNext(context: context) }
    }

    private func sendNext(context: ChannelHandlerContext) {
        guard sent == nil else { return }
        guard let drawn = state.next() else {
            context.close(promise: nil)
            return
        }
        counted = drawn.counted
        let started = NIODeadline.now()
        sent = started
        head = nil
        // No answer within the request's timeout: counted as a timeout, and the connection is replaced.
        let channel = context.channel
        deadline = loop.scheduleTask(in: .nanoseconds(Int64(state.request.timeout * 1e9))) { [self] in
            guard sent == started else { return }
            sent = nil
            state.inFlight.change(by: -1)
            state.record(LoadSample(latency: Double((NIODeadline.now() - started).nanoseconds) / 1e9, error: .timeout), counted: counted)
            channel.close(promise: nil)
        }
        state.inFlight.change(by: 1)
        context.write(wrapOutboundOut(.head(state.request.head)), promise: nil)
        if let body = state.request.body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(response):
            head = .now()
            status = Int(response.status.code)
            keepAlive = response.isKeepAlive
        case .body:
            break
        case .end:
            guard let sent else { return }
            let now = NIODeadline.now()
            let checks = state.request.checks(status)
            let sample = LoadSample(latency: Double((now - sent).nanoseconds) / 1e9, connect: connect,
                                    firstByte: head.map { Double(($0 - sent).nanoseconds) / 1e9 },
                                    error: status >= 500 && checks.failed > 0 ? .status : nil, checksPassed: checks.passed, checksFailed: checks.failed)
            connect = nil
            self.sent = nil
            deadline?.cancel()
            state.inFlight.change(by: -1)
            state.record(sample, counted: counted)
            if keepAlive, context.channel.isActive { sendNext(context: context) } else { context.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    /// The connection closed: a request still in flight was reset, and the user opens another unless the test is over.
    private func closed(_ channel: Channel) {
        deadline?.cancel()
        if let sent {
            self.sent = nil
            state.inFlight.change(by: -1)
            // A request cut short by a stop is not the server's doing: it is not counted, as the other engine drops it.
            if !state.isStopped {
                state.record(LoadSample(latency: Double((NIODeadline.now() - sent).nanoseconds) / 1e9, error: .reset), counted: counted)
            }
        }
        state.closed(channel)
        if state.isOver {
            state.userFinished()
        } else {
            WireLoadConnection.open(on: loop, state: state)
        }
    }

    /// The kind of a failed connect.
    static func kind(of error: Error) -> LoadErrorKind {
        if let io = error as? IOError, io.errnoCode == ECONNREFUSED { return .refused }
        if let failed = error as? NIOConnectionError {
            return failed.dnsAError != nil || failed.dnsAAAAError != nil ? .dns : .refused
        }
        if case ChannelError.connectTimeout = error { return .timeout }
        return .other
    }
}
