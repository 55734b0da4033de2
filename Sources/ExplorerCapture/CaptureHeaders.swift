import ExplorerCore
import NIOHTTP1

/// The header rules of a forwarding proxy (RFC 9110 §7.6.1): what is removed on the way through and how the
/// relayed answer is framed.
enum CaptureHeaders {
    /// Headers that describe one connection, not the message, plus those the proxy's own hop sets again.
    static let hopByHop: Set<String> = ["connection", "proxy-connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade",
                                        "proxy-authorization", "proxy-authenticate"]

    /// The client's headers as they go upstream: hop-by-hop ones, those `Connection` names, `Host` and
    /// `Content-Length` (the transport sets both from the URL and the body) left out, the rest in their order.
    static func upstream(_ headers: NIOHTTP1.HTTPHeaders) -> ExplorerCore.HTTPHeaders {
        let named = connectionTokens(headers)
        let kept = headers.filter { name, _ in
            let lower = name.lowercased()
            return !hopByHop.contains(lower) && !named.contains(lower) && lower != "host" && lower != "content-length"
        }
        return ExplorerCore.HTTPHeaders(kept.map { Header($0.name, $0.value) })
    }

    /// The upstream's answer headers as they go back to the client. The transport has decoded a gzip or deflate body,
    /// so that coding and the upstream's length go; such a body, or one the upstream sent chunked, goes back chunked
    /// to a client that `chunks` (HTTP/1.1; an HTTP/1.0 one reads it to the connection's end).
    static func downstream(_ fields: [Header], hasBody: Bool, chunks: Bool) -> NIOHTTP1.HTTPHeaders {
        let named = Set(fields.filter { $0.name.lowercased() == "connection" }
            .flatMap { $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } })
        let decoded = fields.contains { field in
            field.name.lowercased() == "content-encoding" && ["gzip", "x-gzip", "deflate"].contains(field.value.trimmingCharacters(in: .whitespaces).lowercased())
        }
        var headers = NIOHTTP1.HTTPHeaders()
        for field in fields {
            let lower = field.name.lowercased()
            if hopByHop.contains(lower) || named.contains(lower) { continue }
            if decoded, lower == "content-encoding" || lower == "content-length" { continue }
            headers.add(name: field.name, value: field.value)
        }
        if hasBody, chunks, !headers.contains(name: "content-length") { headers.add(name: "Transfer-Encoding", value: "chunked") }
        return headers
    }

    /// The client's headers as they go to a plain-HTTP upstream on the proxy's own connection: `Host` from the URL's
    /// authority first, then the client's headers in their order (repeated ones kept apart) without the hop-by-hop
    /// ones, `Expect` (the proxy answered it) or a length, then the length of the body the proxy holds whole.
    static func relayedUpstream(_ headers: NIOHTTP1.HTTPHeaders, authority: String, bodyLength: Int?) -> NIOHTTP1.HTTPHeaders {
        let named = connectionTokens(headers)
        var relayed = NIOHTTP1.HTTPHeaders([("Host", authority)])
        for (name, value) in headers {
            let lower = name.lowercased()
            if hopByHop.contains(lower) || named.contains(lower) || ["host", "content-length", "expect"].contains(lower) { continue }
            relayed.add(name: name, value: value)
        }
        if let bodyLength { relayed.add(name: "Content-Length", value: String(bodyLength)) }
        return relayed
    }

    /// A plain-HTTP upstream's answer headers as they go back to the client: the body goes through as it came (coded
    /// or not), so only the hop-by-hop headers go; a body without a length goes back chunked to a client that `chunks`
    /// (HTTP/1.1; an HTTP/1.0 one reads it to the connection's end).
    static func relayedDownstream(_ headers: NIOHTTP1.HTTPHeaders, hasBody: Bool, chunks: Bool) -> NIOHTTP1.HTTPHeaders {
        let named = connectionTokens(headers)
        var relayed = NIOHTTP1.HTTPHeaders()
        for (name, value) in headers {
            let lower = name.lowercased()
            if hopByHop.contains(lower) || named.contains(lower) { continue }
            relayed.add(name: name, value: value)
        }
        if hasBody, chunks, !relayed.contains(name: "content-length") { relayed.add(name: "Transfer-Encoding", value: "chunked") }
        return relayed
    }

    /// Whether the client's request carries a body even when it is empty (`Content-Length: 0` for a POST).
    static func announcesBody(_ head: HTTPRequestHead) -> Bool {
        head.headers.contains(name: "content-length") || head.headers.contains(name: "transfer-encoding")
    }

    /// Whether an answer with `status` to a request (a HEAD when `toHEAD`) has a body to relay.
    static func answerHasBody(status: Int, toHEAD: Bool) -> Bool {
        !toHEAD && status >= 200 && status != 204 && status != 304
    }

    /// Whether a client speaking `version` reads chunked bodies (HTTP/1.1 on; an HTTP/1.0 one reads to the end).
    static func readsChunks(_ version: HTTPVersion) -> Bool {
        version.major > 1 || (version.major == 1 && version.minor >= 1)
    }

    /// The header names the `Connection` header lists (each of them hop-by-hop too).
    static func connectionTokens(_ headers: NIOHTTP1.HTTPHeaders) -> Set<String> {
        Set(headers[canonicalForm: "connection"].map { $0.lowercased() })
    }

    /// Whether the request asks to become a WebSocket.
    static func isWebSocketUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers[canonicalForm: "upgrade"].contains { $0.lowercased() == "websocket" }
    }
}
