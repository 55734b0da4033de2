import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Receives one hop's head and body from a transport, the same way for every transport: it enforces the size cap
/// (declared and received, counted after decoding), spills a large body to a temporary file, and reports the end once.
final class HopReceiver: @unchecked Sendable {
    /// What one hop ended with.
    struct Outcome: @unchecked Sendable {
        var response: HTTPURLResponse?
        var data: Data
        var isOnDisk: Bool
        var error: URLError?
        var connection: ConnectionDetails?
        var timing: HopTiming
        /// Cookies this hop's `Set-Cookie` stored in the jar (filled in by the operation).
        var setCookies: [CookieRecord] = []
        /// The header fields in wire order, when the transport knows it.
        var headers: HTTPHeaders?
        /// The body's size before content decoding, when it was content-encoded and the size is known.
        var wireByteCount: Int?
        /// The request's header fields as this hop sent them, Host aside: as the transport wrote them when it says,
        /// else as the operation handed them over.
        var sentFields: [String: String]?
    }

    private let maxBytes: Int?
    private let lock = NSLock()
    private let body: SpillingBody
    private let completion: @Sendable (Outcome) -> Void
    // Guarded by `lock`.
    private var response: HTTPURLResponse?
    private var fields: HTTPHeaders?
    /// Body bytes as they came over the wire, before decoding, when the transport counts them.
    private var wireCount: Int?
    private var connection: ConnectionDetails?
    /// The connection that carried the hop, as the transport reported it when the request was written.
    private var carrier: ConnectionDetails?
    private var failure: URLError?
    /// The request's fields as the transport wrote them (those it adds itself included), when it says.
    private var written: [String: String]?
    private var ended = false
    private var timing = HopTiming()
    private let started = DispatchTime.now()
    /// The exchange to cancel when the body goes over the limit; set right after the exchange is made.
    private var exchange: (any TransportExchange)?
    /// Hears the head and each accepted piece of the body as they arrive, outside the lock (a streamed response).
    private let onHead: (@Sendable (HTTPURLResponse, HTTPHeaders?, [String: String]?) -> Void)?
    private let onBody: (@Sendable (Data) -> Void)?

    init(maxBytes: Int?, memoryLimit: Int?, onHead: (@Sendable (HTTPURLResponse, HTTPHeaders?, [String: String]?) -> Void)? = nil,
         onBody: (@Sendable (Data) -> Void)? = nil, completion: @escaping @Sendable (Outcome) -> Void) {
        self.maxBytes = maxBytes
        self.body = SpillingBody(memoryLimit: memoryLimit)
        self.completion = completion
        self.onHead = onHead
        self.onBody = onBody
    }

    func attach(_ exchange: any TransportExchange) {
        lock.withLock { self.exchange = exchange }
    }

    private func secondsSinceStart() -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    }

    /// The transport spent `seconds` making the TLS context for the hop (trust store, CA file, client certificate)
    /// before it opened a connection.
    func madeTLSContext(in seconds: TimeInterval) {
        lock.withLock { timing.tlsSetup = seconds }
    }

    /// The transport wrote (or is writing) the request with these header fields, Host aside.
    func wrote(fields: [String: String]) {
        lock.withLock { written = fields }
    }

    /// The hop's request is being written on the connection `record`, which carried `previous` requests before it:
    /// the hop is on a new connection unless that one had carried a request or was ready before the hop started, and
    /// then `connect` is the time from the start until it was ready (DNS, TCP and TLS together).
    func carried(on record: ConnectionRecord, previous: Int) {
        lock.withLock {
            let reused = previous > 0 || record.readyAt < started.uptimeNanoseconds
            carrier = ConnectionDetails(httpVersion: record.httpVersion, tls: record.tls, number: record.number,
                                        remoteAddress: record.remoteAddress, reused: reused)
            timing.connect = reused ? nil : Double(record.readyAt &- started.uptimeNanoseconds) / 1e9
            if !reused, let phases = record.phases {
                // What opening did not account for, after any TLS setup: waiting for the pool, or for a thread.
                if phases.started >= started.uptimeNanoseconds {
                    timing.queued = max(0, Double(phases.started - started.uptimeNanoseconds) / 1e9 - (timing.tlsSetup ?? 0))
                }
                timing.dns = phases.dns
                timing.tcp = phases.tcp
                timing.tlsHandshake = phases.tls
            }
        }
    }

    /// The response head, with its fields in wire order when the transport has them; a second head for the same hop
    /// is ignored. The connection the transport reported through `carried(on:previous:)` wins over `connection`,
    /// except for the protocol version the head came with.
    func received(head: HTTPURLResponse, fields: HTTPHeaders? = nil, connection: ConnectionDetails? = nil) {
        var isFirst = false
        let overLimit = lock.withLock { () -> Bool in
            guard response == nil, failure == nil else { return false }
            isFirst = true
            response = head
            self.fields = fields
            if var carrier {
                if let version = connection?.httpVersion { carrier.httpVersion = version }
                self.connection = carrier
            } else {
                self.connection = connection
            }
            timing.firstByte = secondsSinceStart()
            let declared = head.expectedContentLength
            if let limit = maxBytes, declared > Int64(limit) {
                failure = URLError(.dataLengthExceedsMaximum,
                                   detail: "\(MeasurementText.byteCount(Int(declared))) declared; the limit is \(MeasurementText.byteCount(limit))")
                return true
            }
            return false
        }
        if overLimit { return cancelSoon() }
        if isFirst, let onHead { onHead(head, fields, lock.withLock { written }) }
    }

    /// The number of body bytes received so far.
    var receivedCount: Int { lock.withLock { body.count } }

    /// The response head received so far, if any.
    var head: HTTPURLResponse? { lock.withLock { response } }

    /// A chunk of the body, after decoding.
    func received(body data: Data) {
        var accepted = false
        let overLimit = lock.withLock { () -> Bool in
            // Already failed: the exchange is being cancelled; what still arrives is dropped as it comes.
            guard failure == nil, !ended else { return false }
            if let limit = maxBytes, body.count + data.count > limit {
                failure = URLError(.dataLengthExceedsMaximum,
                                   detail: "more than \(MeasurementText.byteCount(limit)); the limit is \(MeasurementText.byteCount(limit))")
                body.discard()
                return true
            }
            do throws(URLError) {
                try body.append(data)
            } catch {
                failure = error
                body.discard()
                return true
            }
            accepted = true
            return false
        }
        if overLimit { return cancelSoon() }
        if accepted, let onBody { onBody(data) }
    }

    /// `count` more body bytes came over the wire, before any gzip or deflate decoding.
    func received(wireBytes count: Int) {
        lock.withLock { wireCount = (wireCount ?? 0) + count }
    }

    /// The body's size before decoding when it was content-encoded: as the transport counted it, else as declared
    /// (`Content-Length` counts the encoded bytes); nil when it was not encoded or the size is unknown.
    private func encodedSize() -> Int? {
        guard let response, let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces),
              !encoding.isEmpty, encoding.lowercased() != "identity" else { return nil }
        if let wireCount { return wireCount }
        return response.expectedContentLength >= 0 ? Int(response.expectedContentLength) : nil
    }

    /// The end of the hop: `error` is nil when the body is complete. Only the first call counts.
    func finished(error: URLError?) {
        let outcome = lock.withLock { () -> Outcome? in
            guard !ended else { return nil }
            ended = true
            exchange = nil
            timing.end = secondsSinceStart()
            if let firstByte = timing.firstByte { timing.download = max(0, timing.end - firstByte) }
            let isOnDisk = body.isOnDisk
            // A failed transfer's partial body is dropped, not mapped: mapping it could only hide the real error.
            if let reason = failure ?? error {
                body.discard()
                return Outcome(response: response, data: Data(), isOnDisk: false, error: reason, connection: connection, timing: timing)
            }
            do throws(URLError) {
                var outcome = Outcome(response: response, data: try body.finish(), isOnDisk: isOnDisk, error: nil, connection: connection,
                                      timing: timing)
                outcome.headers = fields
                outcome.wireByteCount = encodedSize()
                return outcome
            } catch {
                return Outcome(response: response, data: Data(), isOnDisk: false, error: error, connection: connection, timing: timing)
            }
        }
        guard var outcome else { return }
        outcome.sentFields = lock.withLock { written }
        completion(outcome)
    }

    /// Cancels the exchange off the calling thread: a transport delivering on its own queue or event loop must not
    /// wait on itself (FoundationNetworking's cancel waits for the queue that is busy decoding a compression bomb).
    private func cancelSoon() {
        guard let exchange = lock.withLock({ exchange }) else { return }
        DispatchQueue.global().async { exchange.cancel() }
    }
}
