import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The credentials that are worked out per hop rather than set once: a SigV4 signature over the hop's final headers,
/// and a Digest answer to the server's challenge. Both go only to the origin the request was made for, as a
/// redirect to another origin drops every other credential.
struct HopCredentials {
    let authentication: Authentication?
    /// The URL the request was made for.
    let origin: URL?
    let configuration: Request.Configuration

    /// Signs or answers for `request`, a hop about to be sent with every other header final.
    func apply(to request: inout URLRequest) {
        guard let url = request.url, let origin, Redirection.sameOrigin(origin, url) else { return }
        switch authentication {
        case let .aws(credentials)?:
            AWSSigV4.sign(&request, with: credentials, at: configuration.clock())
        case let .digest(username, password)?:
            guard let session = configuration.digestSessions.next(for: url, username: username) else { return }
            request.setValue(HopCredentials.digestAuthorization(session.challenge, username: username, password: password,
                                                                nonceCount: session.nonceCount, request: request),
                             forHTTPHeaderField: "Authorization")
        case let .oauth2(credential)?:
            guard let token = credential.currentToken else { return }
            request.setValue("Bearer " + token.accessToken, forHTTPHeaderField: "Authorization")
        default:
            return
        }
    }

    /// The OAuth 2.0 credential whose token `response` to `request` refused (a 401 from the origin), to renew and
    /// send the hop again once.
    func rejectedOAuth(_ response: HTTPURLResponse, to request: URLRequest) -> OAuth2Credential? {
        guard response.statusCode == 401, case let .oauth2(credential)? = authentication, let url = request.url, let origin,
              Redirection.sameOrigin(origin, url) else { return nil }
        return credential
    }

    /// Whether `response` to `request` is a Digest challenge to answer by sending the hop again; the challenge is kept
    /// for that hop (and later requests) to answer.
    func answers(_ response: HTTPURLResponse, headers: HTTPHeaders?, to request: URLRequest) -> Bool {
        guard response.statusCode == 401, case let .digest(username, _)? = authentication, let url = request.url, let origin,
              Redirection.sameOrigin(origin, url) else { return false }
        let lines = headers.map { $0.fields.filter { $0.name.lowercased() == "www-authenticate" }.map(\.value) }
            ?? response.value(forHTTPHeaderField: "WWW-Authenticate").map { [$0] } ?? []
        guard let challenge = DigestChallenge.first(in: AuthChallenge.parse(lines)) else { return false }
        configuration.digestSessions.store(challenge, for: url, username: username)
        return true
    }

    /// The request target as the transports send it: the encoded path (`/` when empty) and query.
    static func target(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return (path.isEmpty ? "/" : path) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
    }

    static func digestAuthorization(_ challenge: DigestChallenge, username: String, password: String, nonceCount: Int,
                                    request: URLRequest) -> String {
        var random = SystemRandomNumberGenerator()
        let cnonce = HexText.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })
        let uri = request.url.map(target(of:)) ?? "/"
        return challenge.authorization(username: username, password: password, method: request.httpMethod ?? "GET", uri: uri,
                                       nonceCount: nonceCount, cnonce: cnonce, body: Array(request.httpBody ?? Data()))
    }
}
