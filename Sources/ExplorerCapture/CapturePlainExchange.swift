import ExplorerCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1

/// One request a `CapturePlainRelay` carries upstream and the answer coming back: what has gone to the client so far,
/// and what is kept of it for the record (the body up to a limit, decoded for reading; a stream's events).
final class CapturePlainExchange {
    let number: Int
    let sentAt: Date
    let started = NIODeadline.now()
    let head: HTTPRequestHead
    let target: CapturePlainTarget
    let url: String
    let body: ByteBuffer
    /// Whether the client's connection may carry another request after this one.
    let keepAlive: Bool
    let done: (Bool) -> Void

    /// The upstream's answer head, once it came, and the headers it went on to the client with.
    private(set) var responseHead: HTTPResponseHead?
    /// True once the head went to the client; from then on a failure can only cut the answer off.
    private(set) var headWritten = false
    private(set) var hasBody = false
    private(set) var ended = false
    private var promised: Int?
    private var written = 0
    private var kept = ByteBuffer()
    private var received = 0
    private var events: StreamEventCollector?
    /// Whether it went on a connection an earlier request had used: one the upstream closed while idle is tried again.
    private(set) var reused = false
    var retried = false
    var timeout: Scheduled<Void>?
    /// When the connection it went on was ready (a new one), when the answer's head came, and the connection's address.
    private var connectedAt: NIODeadline?
    private var headAt: NIODeadline?
    private var remoteAddress: String?
    /// True when the client's connection ends with this answer: it asked so, or it speaks HTTP/1.0 and the answer has
    /// no length (its end is the connection's).
    private var closesClientConnection = false

    /// The most bytes of an answer's body kept for the record.
    let keptBodyBytes: Int

    init(number: Int, head: HTTPRequestHead, target: CapturePlainTarget, url: String, body: ByteBuffer, keepAlive: Bool,
         keptBodyBytes: Int, done: @escaping (Bool) -> Void) {
        self.keptBodyBytes = keptBodyBytes
        self.number = number
        self.sentAt = Date()
        self.head = head
        self.target = target
        self.url = url
        self.body = body
        self.keepAlive = keepAlive
        self.done = done
    }

    /// The request head as it goes upstream: origin-form target, `Host` from the URL, the body's length.
    var upstreamHead: HTTPRequestHead {
        let sendsBody = body.readableBytes > 0 || CaptureHeaders.announcesBody(head)
        let headers = CaptureHeaders.relayedUpstream(head.headers, authority: target.authority, bodyLength: sendsBody ? body.readableBytes : nil)
        return HTTPRequestHead(version: .http1_1, method: head.method, uri: target.target, headers: headers)
    }

    /// Notes the connection the request goes out on (the first, or another after the upstream closed a reused one).
    func connected(reused: Bool, remoteAddress: String?) {
        self.reused = reused
        self.remoteAddress = remoteAddress
        connectedAt = reused ? nil : NIODeadline.now()
    }

    /// True when the upstream ended the request's connection before any answer and sending the request again does no
    /// harm: the connection was an idle one it had given up on, the method idempotent, and it was not tried again yet.
    var mayTryAgain: Bool {
        responseHead == nil && reused && !retried && [.GET, .HEAD, .OPTIONS, .PUT, .DELETE, .TRACE].contains(head.method)
    }

    /// Whether the client's connection can carry another request after this answer.
    var keepsClientConnection: Bool { keepAlive && !closesClientConnection }

    /// True once the client has the whole answer: its end, a body as long as promised, or a head that has none.
    var isAnswered: Bool {
        ended || (headWritten && !hasBody) || promised.map { written >= $0 } == true
    }

    /// Takes the upstream's head; returns the head to write to the client.
    func answerHead(_ upstream: HTTPResponseHead) -> HTTPResponseHead {
        responseHead = upstream
        hasBody = CaptureHeaders.answerHasBody(status: Int(upstream.status.code), toHEAD: head.method == .HEAD)
        headAt = NIODeadline.now()
        let speaks11 = CaptureHeaders.readsChunks(head.version)
        var headers = CaptureHeaders.relayedDownstream(upstream.headers, hasBody: hasBody, chunks: speaks11)
        promised = hasBody ? headers.first(name: "content-length").flatMap { Int($0) } : nil
        closesClientConnection = hasBody && promised == nil && !speaks11
        if !keepsClientConnection {
            headers.add(name: "Connection", value: "close")
        } else if !speaks11 {
            headers.add(name: "Connection", value: "keep-alive")
        }
        headWritten = true
        if upstream.headers.first(name: "content-encoding") == nil {
            let format = StreamFormat(contentType: upstream.headers.first(name: "content-type"))
            if format.alwaysStreams {
                events = StreamEventCollector(format: format, maxEventSize: Request.Configuration.defaultMaxEventSize,
                                              keptEventBytes: Request.Configuration().keptEventBytes)
            }
        }
        return HTTPResponseHead(version: head.version, status: upstream.status, headers: headers)
    }

    /// Takes a piece of the body; returns whether it goes to the client.
    func answerBody(_ piece: ByteBuffer) -> Bool {
        received += piece.readableBytes
        if kept.readableBytes < keptBodyBytes {
            var part = piece
            if let slice = part.readSlice(length: min(part.readableBytes, keptBodyBytes - kept.readableBytes)) {
                var slice = slice
                kept.writeBuffer(&slice)
            }
        }
        if events != nil {
            _ = events?.read(Data(piece.readableBytesView), time: seconds)
        }
        guard hasBody else { return false }
        written += piece.readableBytes
        return true
    }

    /// The answer is whole.
    func answerEnded() {
        ended = true
    }

    private var seconds: TimeInterval {
        Double((NIODeadline.now() - started).nanoseconds) / 1e9
    }

    /// The exchange as history and collections keep it; `failure` when no whole answer came.
    func record(session: CaptureSession, failure: String?) -> CapturedExchange {
        var headers = CaptureHeaders.upstream(head.headers)
        headers.remove("Expect")
        let requestBody = Data(body.readableBytesView)
        let sendsBody = !requestBody.isEmpty || CaptureHeaders.announcesBody(head)
        let request = Request(ExplorerCore.HTTPMethod(rawValue: head.method.rawValue), urlString: url, headers: headers,
                              body: sendsBody ? .data(requestBody, contentType: headers["Content-Type"]) : nil,
                              configuration: session.upstreamConfiguration)
        guard failure == nil, let responseHead else {
            return CapturedExchange(number: number, sentAt: sentAt, request: request, requestBody: requestBody, response: nil,
                                    failure: failure ?? "the upstream answered nothing")
        }
        let response = response(to: request, head: responseHead)
        return CapturedExchange(number: number, sentAt: sentAt, request: request, requestBody: requestBody, response: response,
                                failure: response == nil ? "the upstream's answer head could not be read" : nil)
    }

    private func response(to request: Request, head: HTTPResponseHead) -> Request.Response? {
        let fields = head.headers.map { Header($0.name, $0.value) }
        var joined: [String: String] = [:]
        for field in fields { joined[field.name] = joined[field.name].map { $0 + ", " + field.value } ?? field.value }
        let location = URL(string: url) ?? URL(string: "http://\(target.authority)/") ?? URL(fileURLWithPath: "/")
        guard let urlResponse = HTTPURLResponse(url: location, statusCode: Int(head.status.code), httpVersion: "HTTP/1.1", headerFields: joined) else {
            return nil
        }
        let raw = [UInt8](kept.readableBytesView)
        let coding = head.headers.first(name: "content-encoding")?.trimmingCharacters(in: .whitespaces).lowercased()
        let format: ZlibCodec.Format? = switch coding {
        case "gzip", "x-gzip": .gzip
        case "deflate": .deflate
        default: nil
        }
        // A body longer than what is kept is read as far as it was kept.
        let decoded = format.flatMap { try? ZlibCodec.decompress(raw, format: $0, limit: keptBodyBytes, keepsStart: true) }
        let now = NIODeadline.now()
        func since(_ moment: NIODeadline?) -> TimeInterval? { moment.map { Double(($0 - started).nanoseconds) / 1e9 } }
        var timing = HopTiming()
        timing.connect = since(connectedAt)
        timing.tcp = timing.connect
        timing.firstByte = since(headAt)
        timing.download = headAt.map { Double((now - $0).nanoseconds) / 1e9 }
        timing.end = since(now) ?? 0
        var response = Request.Response(request: request, urlResponse: urlResponse, data: Data(decoded ?? raw), duration: seconds,
                                        connection: ConnectionDetails(httpVersion: "HTTP/1.1", remoteAddress: remoteAddress, reused: reused),
                                        timing: timing, headers: ExplorerCore.HTTPHeaders(fields))
        // Cut short, the decoded size is not known: more than was kept, and at least what came over the wire.
        let cut = received > raw.count || (decoded?.count ?? 0) >= keptBodyBytes
        response.byteCount = decoded.map { cut ? max(received, $0.count + 1) : $0.count } ?? received
        if decoded != nil { response.wireByteCount = received }
        response.sentHeaders = upstreamHead.headers.map { Header($0.name, $0.value) }
        if var collector = events {
            _ = collector.finish(time: seconds)
            response.events = collector.kept
            response.eventCount = collector.count
        }
        return response
    }
}
