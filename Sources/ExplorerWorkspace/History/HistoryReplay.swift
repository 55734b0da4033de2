import ExplorerCore
import Foundation

/// Builds the request that sends a stored exchange again exactly as it was sent.
///
/// History never stores secrets, so a value it masked (a token in a header, a secret in the URL or body) is taken from
/// the saved request as it resolves now, but only when that part, masked the same way, is what history stored: then
/// the request now sends exactly what was sent. Otherwise replaying would send something else, and it is refused.
public enum HistoryReplay {
    /// The request to send again; `current` is the saved request resolved now in the exchange's environment, if it
    /// still exists. When that environment is the built-in demo (`demoBaseURL`, this process's demo server), an
    /// exchange sent to a loopback address goes to this process's demo: the port an earlier run's demo had is gone.
    public static func request(for exchange: HistoryExchange, current: ResolvedRequest?,
                               demoBaseURL: URL? = nil) throws(HistoryReplayError) -> Request {
        guard exchange.request.method != HistoryExchange.loadRunMethod else {
            throw HistoryReplayError("Not replayed: this is a load test's summary; W runs the test again.")
        }
        let stored = exchange.request
        let now = current.map { HistoryExchange.recording($0, response: nil, failure: nil, source: "replay", sentAt: Date(),
                                                          limits: HistoryLimits(bodyBytes: .max)) }
        let wire = current.map { SentRequest($0.request) }
        let why = "history keeps no secrets, and the saved request \(current == nil ? "no longer exists to supply it" : "now sends a different value"); send the request again instead"
        if stored.body.isTruncated {
            throw HistoryReplayError("Not replayed: only the first \(MeasurementText.byteCount(stored.body.data.count)) of the \(MeasurementText.byteCount(stored.body.size)) request body were kept.")
        }
        var url = demoBaseURL.map { movingLoopback(stored.url, to: $0) } ?? stored.url
        if url.contains(SecretMasker.mask) {
            guard let now, let wire, now.request.url == url else { throw HistoryReplayError("Not replayed: the URL held a secret; " + why + ".") }
            url = wire.urlText
        }
        var headers: [Header] = []
        let renewed = current.map { addedPerHop(by: $0.request) } ?? []
        for header in stored.headers {
            guard header.value.contains(SecretMasker.mask) else {
                headers.append(header)
                continue
            }
            // Worked out again as the replay goes out, as it was for the original (a new nonce, signature or token).
            if renewed.contains(header.name.lowercased()),
               now?.request.headers.contains(where: { $0.name.lowercased() == header.name.lowercased() }) != true {
                continue
            }
            let index = now?.request.headers.firstIndex { $0.name.lowercased() == header.name.lowercased() && $0.value == header.value }
            guard let index, let wire, wire.headers.indices.contains(index) else {
                throw HistoryReplayError("Not replayed: the \(header.name) header held a secret; " + why + ".")
            }
            headers.append(wire.headers[index])
        }
        var body = stored.body.data
        if body.range(of: Data(SecretMasker.mask.utf8)) != nil {
            guard let now, let wire, now.request.body.data == body else { throw HistoryReplayError("Not replayed: the body held a secret; " + why + ".") }
            body = wire.body
        }
        var request = Request(HTTPMethod(rawValue: stored.method), urlString: url, headers: HTTPHeaders(headers),
                              body: body.isEmpty ? nil : .data(body, contentType: nil))
        if let current {
            request.configuration = current.request.configuration
            // Only credentials worked out per hop: the others are headers the stored request carries already.
            switch current.request.authentication {
            case .oauth2?, .digest?, .aws?: request.authentication = current.request.authentication
            default: break
            }
        }
        return request
    }

    /// The lower-cased names of the headers the core adds to each hop of `request` as it goes out, rather than the
    /// request carrying them: its per-hop credentials, and cookies from the jar.
    static func addedPerHop(by request: Request) -> Set<String> {
        var names: Set<String> = request.configuration.cookieJar == nil ? [] : ["cookie"]
        switch request.authentication {
        case .oauth2?, .digest?: names.insert("authorization")
        case .aws?: names.formUnion(["authorization", "x-amz-security-token"])
        default: break
        }
        return names
    }

    /// `url` with its scheme, host and port taken from `base` when it points at a loopback address, else unchanged.
    public static func movingLoopback(_ url: String, to base: URL) -> String {
        guard var components = URLComponents(string: url), let host = components.host,
              ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) else { return url }
        components.scheme = base.scheme
        components.host = base.host
        components.port = base.port
        return components.string ?? url
    }
}
