/// The hash algorithms of HTTP Digest (RFC 7616) this client answers.
public enum DigestAlgorithm: String, Sendable, CaseIterable {
    /// MD5, the RFC 2617 default when a challenge names none.
    case md5 = "MD5"
    /// MD5 with the session variant of HA1.
    case md5Session = "MD5-sess"
    /// SHA-256.
    case sha256 = "SHA-256"
    /// SHA-256 with the session variant of HA1.
    case sha256Session = "SHA-256-sess"

    /// The algorithm a challenge's `algorithm` parameter names (case-insensitive; none means MD5); `nil` when unknown.
    public init?(parameter: String?) {
        guard let parameter else {
            self = .md5
            return
        }
        guard let known = DigestAlgorithm.allCases.first(where: { $0.rawValue.lowercased() == parameter.lowercased() }) else { return nil }
        self = known
    }

    /// Whether HA1 is the session form, `H(H(user:realm:password):nonce:cnonce)`.
    public var isSession: Bool { self == .md5Session || self == .sha256Session }

    /// The lower-case hex hash of `text`'s UTF-8.
    public func hash(_ text: String) -> String { hash(bytes: Array(text.utf8)) }

    /// The lower-case hex hash of `bytes` (a body, for `qop=auth-int`).
    public func hash(bytes: [UInt8]) -> String {
        switch self {
        case .md5, .md5Session: return HexText.encode(MD5Hash.hash(bytes))
        case .sha256, .sha256Session: return HexText.encode(SHA256Hash.hash(bytes))
        }
    }
}
