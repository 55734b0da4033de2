import Foundation
import Testing
@testable import ExplorerCore

/// HTTP Digest against RFC 7616 section 3.9.1 (Mufasa, "Circle of Life"), for MD5 and SHA-256; the -sess and
/// auth-int forms, which the RFC gives no example of, against values an independent implementation computed.
@Suite("Digest reproduces RFC 7616's example")
struct DigestVectorTests {
    static let nonce = "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v"
    static let cnonce = "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"
    static let opaque = "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"

    /// The RFC's 401, both challenges on one line as a proxy may fold them.
    static let header = """
        Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="\(nonce)", opaque="\(opaque)", \
        Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="\(nonce)", opaque="\(opaque)"
        """

    func challenge(_ algorithm: DigestAlgorithm, qop: String = "auth") -> DigestChallenge {
        DigestChallenge(realm: "http-auth@example.org", nonce: Self.nonce, opaque: Self.opaque, algorithm: algorithm, qop: qop)
    }

    @Test func theRFCChallengesParseAndSHA256IsAnsweredFirst() throws {
        let parsed = AuthChallenge.parse([Self.header])
        #expect(parsed.count == 2 && parsed.allSatisfy { $0.scheme == "Digest" })
        #expect(parsed.map { $0.parameters["algorithm"] } == ["SHA-256", "MD5"])
        #expect(parsed[1].parameters["opaque"] == Self.opaque && parsed[1].parameters["qop"] == "auth, auth-int")
        #expect(DigestChallenge.first(in: parsed) == challenge(.sha256))
        // Only MD5 offered, and a Basic challenge first: MD5 is answered.
        let md5Only = AuthChallenge.parse(["Basic realm=\"x\"", "Digest realm=\"http-auth@example.org\", qop=\"auth\", nonce=\"\(Self.nonce)\", opaque=\"\(Self.opaque)\""])
        #expect(DigestChallenge.first(in: md5Only) == challenge(.md5))
        // Nothing this client can answer: an unknown algorithm, or a qop it does not know.
        #expect(DigestChallenge.first(in: AuthChallenge.parse(["Digest realm=\"r\", nonce=\"n\", algorithm=SHA-512-256"])) == nil)
        #expect(DigestChallenge.first(in: AuthChallenge.parse(["Digest realm=\"r\", nonce=\"n\", qop=\"auth-conf\""])) == nil)
        #expect(AuthChallenge.parse(["Digest realm=\"a \\\"quoted\\\" realm\", nonce=n1"]).first?.parameters["realm"] == "a \"quoted\" realm")
    }

    @Test func md5AnswerIsTheRFCs() {
        let header = challenge(.md5).authorization(username: "Mufasa", password: "Circle of Life", method: "GET", uri: "/dir/index.html",
                                                   nonceCount: 1, cnonce: Self.cnonce)
        #expect(header == """
            Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", algorithm=MD5, \
            nonce="\(Self.nonce)", nc=00000001, cnonce="\(Self.cnonce)", qop=auth, \
            response="8ca523f5e9506fed4657c9700eebdbec", opaque="\(Self.opaque)"
            """)
    }

    @Test func sha256AnswerIsTheRFCs() {
        let response = challenge(.sha256).response(username: "Mufasa", password: "Circle of Life", method: "GET", uri: "/dir/index.html",
                                                   nonceCount: 1, cnonce: Self.cnonce)
        #expect(response == "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1")
    }

    @Test func sessionAndAuthIntForms() {
        func response(_ algorithm: DigestAlgorithm, qop: String = "auth", method: String = "GET", count: Int = 1, body: String = "") -> String {
            challenge(algorithm, qop: qop).response(username: "Mufasa", password: "Circle of Life", method: method, uri: "/dir/index.html",
                                                    nonceCount: count, cnonce: Self.cnonce, body: Array(body.utf8))
        }
        #expect(response(.md5Session) == "e783283f46242139c486a698fec7211d")
        #expect(response(.sha256Session) == "2fd51b3a77ad75bad6afad6003e818d767133c46d9e2749e7f5232ae1ea3efd7")
        #expect(response(.md5, qop: "auth-int", method: "POST", count: 2, body: "hello") == "2ead7d34ddf3b4f0a376c493fd5e7ba8")
        #expect(response(.sha256, qop: "auth-int", method: "POST", count: 2, body: "hello")
            == "bf2d074d6818157edc0e9ca4265d33620182c935aac6b5ba352247279e4b1eb5")
        #expect(DigestChallenge.count(255) == "000000ff")
    }
}
