import Foundation

/// Proof Key for Code Exchange (RFC 7636) with the S256 method: a random verifier kept by the client, and its
/// SHA-256 in base64url sent with the authorization request.
public struct PKCE: Sendable, Equatable {
    /// The secret the token request proves the code was asked for by this client.
    public let verifier: String

    /// A fresh verifier of 32 random bytes (43 characters of base64url).
    public init() {
        var random = SystemRandomNumberGenerator()
        verifier = PKCE.base64URL((0..<32).map { _ in UInt8.random(in: 0...255, using: &random) })
    }

    /// A PKCE pair for a known verifier.
    public init(verifier: String) {
        self.verifier = verifier
    }

    /// `BASE64URL(SHA256(verifier))`, sent as `code_challenge` with `code_challenge_method=S256`.
    public var challenge: String { PKCE.challenge(for: verifier) }

    /// The S256 challenge of `verifier`.
    public static func challenge(for verifier: String) -> String {
        base64URL(SHA256Hash.hash(Array(verifier.utf8)))
    }

    /// Base64 with the URL alphabet and no padding.
    public static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
