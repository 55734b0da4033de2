import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ExplorerCore

extension ResolvedRequest {
    /// Where and how a resolved WebSocket request connects: its URL with http(s) made ws(s), and its headers
    /// (credentials included), `protocols`, TLS, proxy and timeout as options. Throws `WebSocketFailure`.
    public func webSocketTarget(protocols: [String]) throws(WebSocketFailure) -> (url: URL, options: WebSocketOptions) {
        let urlRequest: URLRequest
        do {
            urlRequest = try request.makeURLRequest()
        } catch {
            throw .notWebSocketURL(String(describing: error))
        }
        guard let httpURL = urlRequest.url, var components = URLComponents(url: httpURL, resolvingAgainstBaseURL: false) else {
            throw .notWebSocketURL(urlRequest.url?.absoluteString ?? "")
        }
        switch components.scheme?.lowercased() {
        case "http": components.scheme = "ws"
        case "https": components.scheme = "wss"
        case "ws", "wss": break
        default: throw .notWebSocketURL(httpURL.absoluteString)
        }
        guard let url = components.url else { throw .notWebSocketURL(httpURL.absoluteString) }
        // The handshake is a GET without a body: the body's headers and Host (the client writes its own) stay out.
        let skipped: Set<String> = ["content-type", "content-length", "host"]
        let headers = (urlRequest.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
            .filter { !skipped.contains($0.key.lowercased()) }.map { (name: $0.key, value: $0.value) }
        let configuration = request.configuration
        let options = WebSocketOptions(headers: headers, protocols: protocols, verifyTLS: configuration.verifiesTLSCertificates,
                                       tls: configuration.tls, proxy: configuration.proxy,
                                       handshakeTimeout: min(configuration.timeoutInterval, 60))
        return (url, options)
    }
}
