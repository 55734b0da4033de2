@testable import ExplorerCore
import Foundation
import Testing

/// The masker finds a secret in each form it can take in a request or a server's echo of it.
@Suite("SecretMasker: encoded forms")
struct SecretMaskerEncodingTests {
    @Test(arguments: [
        ("über-geheim", #"{"a":"\u00fcber-geheim"}"#),
        ("über-geheim", #"{"a":"\u00FCber-geheim"}"#),
        ("über/geheim", #"{"a":"\u00fcber\/geheim"}"#),
        ("a/b-secret", #"{"a":"a\/b-secret"}"#),
        ("ab+cd ef", "q=ab%2Bcd%20ef"),
        ("ab+cd ef", "q=ab%2Bcd+ef"),
        ("ab+cd ef", "q=ab%2bcd%20ef"),
        ("zwölf €", #"{"a":"zw\u00f6lf \u20ac"}"#),
        ("emoji-😀-key", #"{"a":"emoji-\ud83d\ude00-key"}"#),
        // Sent in a header as UTF-8, read back by the server as ISO 8859-1 and echoed: as it is, and JSON-escaped.
        ("pässwörd+/=", "pÃ¤sswÃ¶rd+/="),
        ("pässwörd+/=", #"{"echo": "p\u00c3\u00a4ssw\u00c3\u00b6rd+/="}"#),
    ])
    func aSecretIsMaskedInItsEncodedForm(secret: String, text: String) {
        let masked = SecretMasker(secrets: [secret]).mask(text)
        #expect(masked.contains(SecretMasker.mask), "\(text) → \(masked)")
    }
}
