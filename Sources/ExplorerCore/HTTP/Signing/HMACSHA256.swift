/// HMAC-SHA256 (RFC 2104), the MAC SigV4 derives its signing key and signature with.
package enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key`.
    package static func mac<Key: Collection, Bytes: Collection>(key: Key, message: Bytes) -> [UInt8]
    where Key.Element == UInt8, Bytes.Element == UInt8 {
        var block = key.count > 64 ? SHA256Hash.hash(key) : Array(key)
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = SHA256Hash.hash(block.map { $0 ^ 0x36 } + Array(message))
        return SHA256Hash.hash(block.map { $0 ^ 0x5c } + inner)
    }
}
