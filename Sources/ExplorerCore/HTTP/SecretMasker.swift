import Foundation

/// Replaces secret values with `••••••` in text that is about to be shown or logged.
public struct SecretMasker: Sendable {
    /// The mask shown instead of a secret.
    public static let mask = "••••••"
    /// Values to hide, longest first so a secret containing another is hidden whole.
    public let secrets: [String]

    /// Creates a masker; values shorter than 3 characters are ignored, since masking them would garble ordinary text.
    /// Each secret is also hidden in the forms it takes on the way: percent- and form-encoded in a URL or a form body
    /// (and so in a server's echo of it), and escaped in a JSON string.
    public init(secrets: [String]) {
        let values = secrets.filter { $0.count >= 3 }
        self.secrets = Array(Set(values + values.flatMap(SecretMasker.encodedForms))).sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced, and a mask that a URL percent-encoded shown as the mask again.
    ///
    /// The search runs on UTF-8 bytes: Foundation's `replacingOccurrences` trapped on a secret with a NUL in it
    /// (found by the fuzzer), and matching whole Characters could miss a secret followed by a combining mark.
    public func mask(_ text: String) -> String {
        var bytes: [UInt8]?
        for secret in secrets {
            let needle = Array(secret.utf8)
            let haystack = bytes ?? Array(text.utf8)
            if let replaced = SecretMasker.replacing(needle, in: haystack) { bytes = replaced }
        }
        if bytes != nil || text.contains(SecretMasker.percentEncodedMask),
           let replaced = SecretMasker.replacing(Array(SecretMasker.percentEncodedMask.utf8), in: bytes ?? Array(text.utf8)) {
            bytes = replaced
        }
        return bytes.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// `haystack` with every non-overlapping `needle` replaced by the mask, or nil when there is none.
    private static func replacing(_ needle: [UInt8], in haystack: [UInt8]) -> [UInt8]? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        let maskBytes = Array(SecretMasker.mask.utf8)
        return haystack.withUnsafeBufferPointer { text -> [UInt8]? in
            needle.withUnsafeBufferPointer { pattern -> [UInt8]? in
                guard let textBase = text.baseAddress, let patternBase = pattern.baseAddress else { return nil }
                var output: [UInt8] = []
                var copied = 0
                var index = 0
                let last = text.count - pattern.count
                while index <= last {
                    if text[index] == first, memcmp(textBase + index, patternBase, pattern.count) == 0 {
                        if output.isEmpty { output.reserveCapacity(text.count) }
                        output.append(contentsOf: text[copied..<index])
                        output.append(contentsOf: maskBytes)
                        index += pattern.count
                        copied = index
                    } else {
                        index += 1
                    }
                }
                guard copied > 0 else { return nil }
                output.append(contentsOf: text[copied...])
                return output
            }
        }
    }

    /// UTF-8 `bytes` with every secret replaced; the same array when none occurs, so a large body is not copied for nothing.
    public func mask(utf8 bytes: [UInt8]) -> [UInt8] {
        var current = bytes
        let maskBytes = Array(Self.mask.utf8)
        for secret in secrets {
            let needle = Array(secret.utf8)
            var output: [UInt8] = []
            var found = false
            current.withUnsafeBytes { haystack in
                needle.withUnsafeBytes { pattern in
                    guard let start = haystack.baseAddress, let patternStart = pattern.baseAddress else { return }
                    var offset = 0
                    while offset < haystack.count,
                          let hit = Self.find(patternStart, pattern.count, in: start + offset, haystack.count - offset) {
                        if !found {
                            output.reserveCapacity(haystack.count)
                            found = true
                        }
                        let position = start.distance(to: hit)
                        output.append(contentsOf: haystack[offset..<position])
                        output += maskBytes
                        offset = position + pattern.count
                    }
                    if found { output.append(contentsOf: haystack[offset...]) }
                }
            }
            if found { current = output }
        }
        return current
    }

    /// The first occurrence of `pattern` in `haystack` (memchr for the first byte, memcmp for the rest).
    private static func find(_ pattern: UnsafeRawPointer, _ patternCount: Int, in haystack: UnsafeRawPointer, _ count: Int) -> UnsafeRawPointer? {
        guard patternCount > 0, count >= patternCount else { return nil }
        let first = Int32(pattern.load(as: UInt8.self))
        var offset = 0
        let last = count - patternCount
        while offset <= last, let hit = memchr(haystack + offset, first, last - offset + 1) {
            let candidate = UnsafeRawPointer(hit)
            if memcmp(candidate, pattern, patternCount) == 0 { return candidate }
            offset = haystack.distance(to: candidate) + 1
        }
        return nil
    }
}
