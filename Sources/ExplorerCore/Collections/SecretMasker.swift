import Foundation

/// Replaces secret values with `••••••` in text that is about to be shown or logged.
public struct SecretMasker: Sendable {
    /// The mask shown instead of a secret.
    public static let mask = "••••••"
    /// Values to hide, longest first so a secret containing another is hidden whole.
    public let secrets: [String]

    /// Creates a masker; values shorter than 3 characters are ignored, since masking them would garble ordinary text.
    public init(secrets: [String]) {
        self.secrets = Array(Set(secrets.filter { $0.count >= 3 })).sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced.
    public func mask(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: SecretMasker.mask) }
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
