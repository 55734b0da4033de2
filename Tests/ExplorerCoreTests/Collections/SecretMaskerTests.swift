import Foundation
import Testing
@testable import ExplorerCore

@Suite struct SecretMaskerTests {
    @Test func bytesAreMaskedLikeText() {
        let masker = SecretMasker(secrets: ["s3cret", "s3cret-long", "ab"])
        let text = "a s3cret-long and s3cret, s3cre and ab; s3crets3cret é"
        #expect(masker.mask(utf8: Array(text.utf8)) == Array(masker.mask(text).utf8))
        #expect(masker.mask(text) == "a •••••• and ••••••, s3cre and ab; •••••••••••• é")
    }

    @Test func bodiesWithoutSecretsComeBackUnchanged() {
        let masker = SecretMasker(secrets: ["token-value"])
        let body = Array(String(repeating: "{\"a\": 1}\n", count: 1000).utf8)
        #expect(masker.mask(utf8: body) == body)
        #expect(masker.mask(utf8: []) == [])
        let edge = Array("token-value".utf8)
        #expect(masker.mask(utf8: edge) == Array(SecretMasker.mask.utf8))
        #expect(SecretMasker(secrets: []).mask(utf8: edge) == edge)
    }
}
