import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport over Foundation's `URLSession`: the default on Apple platforms and what backs
/// `send(session:autoResumeTask:completion:)`. With a session made by `ExplorerSession` the body streams to the core
/// and redirects come back to it; a session of the caller's own delivers the body whole and follows redirects itself.
struct URLSessionTransport: HTTPTransport {
    let session: URLSession
    let timers: EngineTimers

    /// Sends with `session`; its requests share the session's timers when it was made by `ExplorerSession`.
    init(session: URLSession) {
        self.session = session
        timers = (session.delegate as? SessionDelegate)?.timers ?? EngineTimers()
    }

    func exchange(_ request: URLRequest, configuration: Request.Configuration, events: HopReceiver) -> any TransportExchange {
        var request = request
        // FoundationNetworking keeps only whole seconds of timeoutInterval (0.7 s becomes "time out at once"), so it is
        // rounded up here and the core's own timers end the attempt at the exact time.
        if request.timeoutInterval.isFinite { request.timeoutInterval = max(1, request.timeoutInterval.rounded(.up)) }
        let task: URLSessionDataTask
        if let delegate = session.delegate as? SessionDelegate {
            task = session.dataTask(with: request)
            delegate.register(task, state: SessionDelegate.TaskState(verifiesTLS: configuration.verifiesTLSCertificates, events: events))
        } else {
            let url = request.url
            task = session.dataTask(with: request) { data, response, error in
                if let http = response as? HTTPURLResponse { events.received(head: http) }
                if let data, !data.isEmpty { events.received(body: data) }
                events.finished(error: error.map { ($0 as? URLError)?.classifiedFromLibcurl(url: url)
                    ?? URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\($0)"]) })
            }
        }
        return URLSessionExchange(task: task)
    }

    /// On Linux an https request that asks for no certificate verification, a CA file, a client certificate or a
    /// proxy of its own is refused: FoundationNetworking offers no way to do it, and sending it otherwise would not be
    /// what the user chose.
    func refusal(for request: URLRequest, configuration: Request.Configuration) -> URLError? {
        if let proxy = configuration.proxy, proxy != ProxyChoice.direct {
            return URLError(.badURL, detail: "proxy: a proxy of the request's own needs the default transport (SwiftNIO)")
        }
        #if canImport(FoundationNetworking)
        guard request.url?.scheme?.lowercased() == "https" else { return nil }
        if !configuration.verifiesTLSCertificates {
            return URLError(.secureConnectionFailed, detail:
                "verifyTLS is false, but FoundationNetworking on Linux cannot turn certificate verification off; use the default transport, a trusted certificate or http://")
        }
        if !configuration.tls.isDefault {
            return URLError(.secureConnectionFailed, detail:
                "caCertificates and client certificates need the default transport: FoundationNetworking on Linux cannot use them")
        }
        return nil
        #else
        return nil
        #endif
    }
}
