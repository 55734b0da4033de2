import ExplorerCore
import Foundation
import NIOCore
import NIOHTTP1

/// Sends one client request upstream through ExplorerCore and writes the answer back to the client as it arrives:
/// the head as soon as it comes, each piece of the body as it comes (an event stream goes through live).
struct CaptureForwarder: Sendable {
    let session: CaptureSession
    let channel: any Channel

    /// Forwards the request; `done` hears, on the client's event loop once the answer is written, whether the connection
    /// can carry another request (not when the answer was cut off), and the exchange is reported after it.
    /// Returns the request in flight, for when the client goes away.
    func forward(head: HTTPRequestHead, url: String, body: Data, done: @escaping @Sendable (Bool) -> Void) -> CaptureInFlight {
        var headers = CaptureHeaders.upstream(head.headers)
        headers.remove("Expect")
        let contentType = headers["Content-Type"]
        let request = Request(HTTPMethod(rawValue: head.method.rawValue), urlString: url, headers: headers,
                              body: body.isEmpty && !CaptureHeaders.announcesBody(head) ? nil : .data(body, contentType: contentType),
                              configuration: session.upstreamConfiguration)
        let sentAt = Date()
        let number = session.nextNumber()
        let relay = CaptureRelay(channel: channel, version: head.version, isHead: head.method == .HEAD)
        let session = self.session
        let cancel = request.forward(onPart: { part in relay.take(part) }, completion: { result in
            switch result {
            case let .success(response):
                relay.end { done(!relay.endsConnection) }
                session.finished(CapturedExchange(number: number, sentAt: sentAt, request: request, requestBody: body, response: response, failure: nil))
            case let .failure(error):
                let failure = error.description
                relay.fail("apiexplorer proxy: \(url): \(failure)\n") { cut in done(!cut) }
                session.finished(CapturedExchange(number: number, sentAt: sentAt, request: request, requestBody: body, response: nil, failure: failure))
            }
        })
        return CaptureInFlight(relay: relay, cancel: cancel)
    }
}
