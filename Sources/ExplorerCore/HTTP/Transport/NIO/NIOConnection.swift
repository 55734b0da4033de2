import Foundation
import NIOCore
import NIOHTTP2

/// One open connection of `SwiftNIOTransport`: HTTP/1.1, carrying one request at a time, or HTTP/2, carrying
/// requests side by side as streams.
final class NIOConnection: @unchecked Sendable {
    /// What requests go through.
    enum Carrier: Sendable {
        /// The connection's handler, which writes one request and reads its response at a time.
        case http1(NIOLoopBound<NIOHTTP1ConnectionHandler>)
        /// The stream multiplexer (each request gets a stream of its own), and the handler that closes the connection
        /// when it is done with.
        case http2(NIOHTTP2Handler.StreamMultiplexer, keeper: NIOLoopBound<NIOHTTP2ConnectionKeeper>)
    }

    /// The connection's channel.
    let channel: any Channel
    /// What it is: number, address, TLS session, protocol, and how long opening it took.
    let record: ConnectionRecord
    /// The requests it may carry.
    let key: NIOPoolKey
    /// What requests go through.
    let carrier: Carrier

    private let lock = NSLock()
    // Guarded by `lock`.
    private var requestsCarried = 0

    init(channel: any Channel, record: ConnectionRecord, key: NIOPoolKey, carrier: Carrier) {
        self.channel = channel
        self.record = record
        self.key = key
        self.carrier = carrier
    }

    /// True for HTTP/2.
    var isMultiplexed: Bool {
        if case .http2 = carrier { return true }
        return false
    }

    /// Has the connection's handlers tell `pool` what befalls it (GOAWAY, streams, the idle timeout) from now on. On
    /// the connection's event loop.
    func report(to pool: NIOConnectionPool) {
        switch carrier {
        case .http1(let handler): handler.value.report(as: record.number)
        case .http2(_, let keeper): keeper.value.report(to: pool, as: record.number)
        }
    }

    /// Counts one more request over the connection and returns how many it carried before.
    func takeTurn() -> Int {
        lock.withLock {
            defer { requestsCarried += 1 }
            return requestsCarried
        }
    }
}
