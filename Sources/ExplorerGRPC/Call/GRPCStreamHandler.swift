import ExplorerCore
import NIOCore
import NIOHPACK
import NIOHTTP2

/// The last handler of one call's HTTP/2 stream: writes the request headers and the framed messages it is given,
/// reads the response headers, messages and trailers into the call's events, and ends the call once, with the server's
/// status or with the reason it could not get one (a reset, a closed connection, a deadline, a bad frame). Confined to
/// the connection's event loop.
final class GRPCStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let continuation: AsyncStream<GRPCEvent>.Continuation
    private let requestHeaders: HPACKHeaders
    private let deadline: Double?
    private var framer: GRPCMessageFramer
    private var context: ChannelHandlerContext?
    private var pending: [HTTP2Frame.FramePayload] = []
    private var started = false
    private var sawHeaders = false
    private var responseEncoding: String?
    private var ended = false
    private var timer: Scheduled<Void>?

    init(continuation: AsyncStream<GRPCEvent>.Continuation, headers: HPACKHeaders, deadline: Double?, limit: Int) {
        self.continuation = continuation
        requestHeaders = headers
        self.deadline = deadline
        framer = GRPCMessageFramer(limit: limit)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        context.write(wrapOutboundOut(.headers(.init(headers: requestHeaders))), promise: nil)
        for payload in pending { context.write(wrapOutboundOut(payload), promise: nil) }
        pending = []
        context.flush()
        if let deadline {
            let seconds = deadline
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(min(seconds, 1e9) * 1e9))) { [self] in
                end(GRPCStatus(code: .deadlineExceeded, message: "the deadline of \(Self.seconds(seconds)) passed (the request's timeout)"), trailers: [])
            }
        }
    }

    /// Writes one framed message.
    func send(_ framed: [UInt8]) {
        var buffer = ByteBufferAllocator().buffer(capacity: framed.count)
        buffer.writeBytes(framed)
        write(.data(.init(data: .byteBuffer(buffer), endStream: false)))
    }

    /// Half-closes: no more messages from the client.
    func closeSending() {
        write(.data(.init(data: .byteBuffer(ByteBuffer()), endStream: true)))
    }

    /// Ends the call from the client's side (RST_STREAM CANCEL); the call ends CANCELLED.
    func cancel(_ reason: String) {
        end(GRPCStatus(code: .cancelled, message: reason), trailers: [])
    }

    private func write(_ payload: HTTP2Frame.FramePayload) {
        guard !ended else { return }
        guard started, let context else { return pending.append(payload) }
        context.writeAndFlush(wrapOutboundOut(payload), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !ended else { return }
        switch unwrapInboundIn(data) {
        case let .headers(frame):
            let all = frame.headers.map { (name: $0.name, value: $0.value) }
            let visible = all.filter { !$0.name.hasPrefix(":") }
            if !sawHeaders {
                sawHeaders = true
                responseEncoding = frame.headers.first(name: "grpc-encoding")
                let http = frame.headers.first(name: ":status").flatMap { Int($0) } ?? 200
                if frame.endStream {
                    // Trailers-only: the status is in the headers.
                    end(GRPCStatus(trailers: visible) ?? Self.statusWithout(http: http), trailers: visible)
                } else if http != 200 {
                    end(Self.statusWithout(http: http), trailers: [])
                } else {
                    continuation.yield(.headers(visible))
                }
            } else {
                end(GRPCStatus(trailers: visible) ?? GRPCStatus(code: .internal, message: "the server's trailers have no grpc-status"), trailers: visible)
            }
        case let .data(frame):
            if case let .byteBuffer(buffer) = frame.data { framer.append(buffer.readableBytesView) }
            drain()
            if frame.endStream, !ended {
                let partial = framer.hasPartialMessage ? " in the middle of a message" : ""
                end(GRPCStatus(code: .internal, message: "the server ended the stream\(partial) without a status (no trailers)"), trailers: [])
            }
        case let .rstStream(code):
            end(Self.status(reset: code), trailers: [])
        default:
            break
        }
    }

    private func drain() {
        do {
            while !ended, let framed = try framer.next() {
                var bytes = framed.bytes
                if framed.compressed {
                    guard responseEncoding == "gzip" else {
                        let named = responseEncoding.map { "\"\($0)\"" } ?? "no grpc-encoding"
                        return end(GRPCStatus(code: .internal, message: "a reply message is compressed with \(named), which is not gzip"), trailers: [])
                    }
                    bytes = try ZlibCodec.decompress(bytes, limit: framer.limit)
                }
                continuation.yield(.message(bytes))
            }
        } catch let failure as GRPCMessageFramer.Failure {
            switch failure {
            case let .tooLarge(size, limit):
                end(GRPCStatus(code: .resourceExhausted, message: "a reply message of \(size) bytes is over the limit of \(limit)"), trailers: [])
            case let .badFlag(flag):
                end(GRPCStatus(code: .internal, message: "a reply message has compression flag \(flag) (not gRPC framing)"), trailers: [])
            }
        } catch let failure as ZlibCodec.Failure {
            switch failure {
            case let .tooLarge(limit): end(GRPCStatus(code: .resourceExhausted, message: "a reply message inflates past the limit of \(limit) bytes"), trailers: [])
            case let .corrupt(reason): end(GRPCStatus(code: .internal, message: "a reply message could not be inflated: \(reason)"), trailers: [])
            }
        } catch {
            end(GRPCStatus(code: .internal, message: "\(error)"), trailers: [])
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let closed = error as? NIOHTTP2Errors.StreamClosed { return end(Self.status(reset: closed.errorCode), trailers: []) }
        end(GRPCStatus(code: .unavailable, message: "the connection failed: \(error)"), trailers: [])
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !ended {
            end(GRPCStatus(code: .unavailable, message: sawHeaders ? "the connection closed before the call ended" : "the connection closed before the server answered"), trailers: [])
        }
        context.fireChannelInactive()
    }

    /// Ends the call once. Closing the stream resets it (RST_STREAM CANCEL) when the server has not ended it: a
    /// deadline, a cancel or a bad reply stops the server's work too.
    private func end(_ status: GRPCStatus, trailers: [(name: String, value: String)]) {
        guard !ended else { return }
        ended = true
        timer?.cancel()
        continuation.yield(.end(status, trailers: trailers))
        continuation.finish()
        context?.close(promise: nil)
    }

    /// The status of a call the server reset with `code`, whether the RST_STREAM came as a frame or as an error.
    private static func status(reset code: HTTP2ErrorCode) -> GRPCStatus {
        let status: GRPCStatusCode = code == .cancel ? .cancelled : code == .refusedStream ? .unavailable : .internal
        return GRPCStatus(code: status, message: "the server reset the stream (\(code))")
    }

    private static func statusWithout(http: Int) -> GRPCStatus {
        http == 200 ? GRPCStatus(code: .internal, message: "the server's answer has no grpc-status")
            : GRPCStatus(code: GRPCStatusCode(httpStatus: http), message: "the server answered HTTP \(http), not a gRPC reply")
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
