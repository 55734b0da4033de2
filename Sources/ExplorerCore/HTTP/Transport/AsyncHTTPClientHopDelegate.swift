import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streams one AHC response into a `HopReceiver`: the head as an `HTTPURLResponse`, each decoded body chunk as it
/// arrives (nothing is gathered here, so memory stays bounded whatever the body's size), then the end.
final class AsyncHTTPClientHopDelegate: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void

    private let url: URL
    /// The proxy the request goes through, to read a refused certificate the same way.
    private let proxy: ProxyChoice?
    private let events: HopReceiver
    /// Run when the hop ends, so the transport stops waiting to learn its connection (it may never have had one).
    private let ended: @Sendable () -> Void

    init(url: URL, proxy: ProxyChoice?, events: HopReceiver, ended: @escaping @Sendable () -> Void) {
        self.url = url
        self.proxy = proxy
        self.events = events
        self.ended = ended
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        switch NIOResponseHead.response(from: head, url: url) {
        case .success(let (response, version)):
            events.received(head: response, connection: ConnectionDetails(httpVersion: version))
        case .failure(let error):
            events.finished(error: error)
            task.cancel()
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        events.received(body: Data(buffer.readableBytesView))
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        ended()
        guard CertificateRefusal.refuses(error), let host = url.host(percentEncoded: false)?.lowercased() else {
            return events.finished(error: URLError.fromNIO(error, head: events.head, received: events.receivedCount))
        }
        // AHC gives the error without the certificate it refused: it is read again, unverified, to say what is wrong with it.
        let key = NIOPoolKey(isTLS: true, host: host, port: url.port ?? 443, tls: nil, proxy: proxy)
        let events = events
        Task {
            let certificate = await NIOConnector.presentedCertificate(key: key, group: MultiThreadedEventLoopGroup.singleton)
            events.finished(error: CertificateRefusal(error: error, host: host, certificate: certificate).urlError())
        }
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        ended()
        events.finished(error: nil)
    }
}
