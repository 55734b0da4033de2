import Foundation

/// A Digest challenge this client can answer (RFC 7616), and the answer: the `response` hash and the whole
/// `Authorization` value.
public struct DigestChallenge: Sendable, Equatable {
    /// The protection space's name.
    public var realm: String
    /// The server's nonce, reused with a growing nonce count until the server calls it stale.
    public var nonce: String
    /// Echoed back unchanged when present.
    public var opaque: String?
    /// The hash algorithm.
    public var algorithm: DigestAlgorithm
    /// `auth`, `auth-int`, or `nil` when the server named no qop (the RFC 2069 form, without nc and cnonce).
    public var qop: String?
    /// The server refused an old nonce but the credentials were right: answer again with the new one.
    public var stale: Bool
    /// The server wants the username hashed with the realm.
    public var userhash: Bool

    /// Creates a challenge from its parts.
    public init(realm: String, nonce: String, opaque: String? = nil, algorithm: DigestAlgorithm = .md5, qop: String? = "auth",
                stale: Bool = false, userhash: Bool = false) {
        self.realm = realm
        self.nonce = nonce
        self.opaque = opaque
        self.algorithm = algorithm
        self.qop = qop
        self.stale = stale
        self.userhash = userhash
    }

    /// The challenge, when it is a Digest one with a nonce, an algorithm known here and a qop of `auth` or `auth-int`
    /// offered (or none); `auth` is chosen when both are.
    public init?(_ challenge: AuthChallenge) {
        let parameters = challenge.parameters
        guard challenge.scheme.lowercased() == "digest", let nonce = parameters["nonce"],
              let algorithm = DigestAlgorithm(parameter: parameters["algorithm"]) else { return nil }
        var qop: String?
        if let offered = parameters["qop"] {
            let options = offered.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let chosen = ["auth", "auth-int"].first(where: { options.contains($0) }) else { return nil }
            qop = chosen
        }
        self.init(realm: parameters["realm"] ?? "", nonce: nonce, opaque: parameters["opaque"], algorithm: algorithm, qop: qop,
                  stale: parameters["stale"]?.lowercased() == "true", userhash: parameters["userhash"]?.lowercased() == "true")
    }

    /// The first challenge in `challenges` this client can answer, in the server's order of preference.
    public static func first(in challenges: [AuthChallenge]) -> DigestChallenge? {
        challenges.lazy.compactMap(DigestChallenge.init).first
    }

    /// The `response` hash for a request (`uri` is the request target as sent, path and query).
    public func response(username: String, password: String, method: String, uri: String, nonceCount: Int, cnonce: String,
                         body: [UInt8] = []) -> String {
        let h: (String) -> String = { algorithm.hash($0) }
        var ha1 = h("\(username):\(realm):\(password)")
        if algorithm.isSession { ha1 = h("\(ha1):\(nonce):\(cnonce)") }
        let ha2 = qop == "auth-int" ? h("\(method):\(uri):\(algorithm.hash(bytes: body))") : h("\(method):\(uri)")
        guard let qop else { return h("\(ha1):\(nonce):\(ha2)") }
        return h("\(ha1):\(nonce):\(DigestChallenge.count(nonceCount)):\(cnonce):\(qop):\(ha2)")
    }

    /// The whole `Authorization` value answering this challenge.
    public func authorization(username: String, password: String, method: String, uri: String, nonceCount: Int, cnonce: String,
                              body: [UInt8] = []) -> String {
        let response = response(username: username, password: password, method: method, uri: uri, nonceCount: nonceCount,
                                cnonce: cnonce, body: body)
        var parts = [
            "username=\(quoted(userhash ? algorithm.hash("\(username):\(realm)") : username))", "realm=\(quoted(realm))",
            "uri=\(quoted(uri))", "algorithm=\(algorithm.rawValue)", "nonce=\(quoted(nonce))",
        ]
        if let qop { parts += ["nc=\(DigestChallenge.count(nonceCount))", "cnonce=\(quoted(cnonce))", "qop=\(qop)"] }
        parts.append("response=\(quoted(response))")
        if let opaque { parts.append("opaque=\(quoted(opaque))") }
        if userhash { parts.append("userhash=true") }
        return "Digest " + parts.joined(separator: ", ")
    }

    /// A nonce count as sent: eight hex digits.
    static func count(_ value: Int) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
