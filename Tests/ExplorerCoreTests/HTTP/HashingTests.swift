import Foundation
import Testing
@testable import ExplorerCore

/// The hand-written SHA-256, MD5 and HMAC-SHA256 against the published vectors (FIPS 180-4 examples, RFC 1321's
/// test suite, RFC 4231), plus multi-block messages whose digests an independent implementation gave.
@Suite("SHA-256, MD5 and HMAC-SHA256 match their published vectors")
struct HashingTests {
    func sha256(_ text: String) -> String { HexText.encode(SHA256Hash.hash(Array(text.utf8))) }
    func md5(_ text: String) -> String { HexText.encode(MD5Hash.hash(Array(text.utf8))) }

    @Test func sha256Vectors() {
        #expect(sha256("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(sha256("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(sha256("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        #expect(HexText.encode(SHA256Hash.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func md5Vectors() {
        #expect(md5("") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(md5("a") == "0cc175b9c0f1b6a831c399e269772661")
        #expect(md5("abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(md5("message digest") == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(md5("abcdefghijklmnopqrstuvwxyz") == "c3fcd3d76192e4007dfb496cca67e13b")
        #expect(md5("12345678901234567890123456789012345678901234567890123456789012345678901234567890") == "57edf4a22be3c955ac49da2e2107b67a")
    }

    @Test func hmacSHA256Vectors() {
        // RFC 4231 test cases 1, 2 and 6 (a key longer than the block is hashed first).
        #expect(HexText.encode(HMACSHA256.mac(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
            == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(HexText.encode(HMACSHA256.mac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(HexText.encode(HMACSHA256.mac(key: [UInt8](repeating: 0xaa, count: 131),
                                              message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }
}
