import ExplorerCore
import Foundation

/// Where a text body's display lines start, kept sparsely: the offset of every `step`-th line, from which the lines of a
/// page are found again with `memchr`. Keeping every offset cost 8 bytes a line, 50 MB for a 1 GB event stream.
///
/// A display line is a line of the text, or a piece of a line longer than `BodyDocument.maxLineBytes`, cut at a UTF-8
/// character boundary and never inside one of the secrets the masker hides.
struct TextLineIndex: Sendable {
    /// Lines between two kept offsets: a page walks at most this many lines before its own.
    static let step = BodyDocument.chunkSize

    /// The number of display lines (a body always has at least one).
    let count: Int
    /// True when a line longer than `BodyDocument.maxLineBytes` was cut into pieces.
    let split: Bool
    /// Where line `k * step` starts.
    private let checkpoints: [Int]
    private let secrets: [[UInt8]]
    /// How far a newline is looked for: past the longest piece by a CRLF, and by the longest secret, so a secret that
    /// runs past the cut is seen whole.
    private let window: Int

    /// Indexes `data` (UTF-8); a cut that would fall inside one of `secrets` moves off it. When `data` is a spilled
    /// body's mapping, the pages passed are let go.
    init(_ data: Data, keepingWhole secrets: [[UInt8]] = []) {
        let secrets = secrets.filter { !$0.isEmpty }
        let window = BodyDocument.maxLineBytes + 2 + (secrets.map(\.count).max() ?? 0)
        (checkpoints, count, split) = data.withUnsafeBytes { raw in
            var checkpoints = [0]
            var count = 1
            var split = false
            var trail = MappedPages.Trail()
            defer { trail.finished(raw) }
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while let (next, cut) = Self.next(after: start, in: bytes, secrets: secrets, window: window) {
                trail.reached(next, in: raw)
                split = split || cut
                if count % Self.step == 0 { checkpoints.append(next) }
                count += 1
                start = next
            }
            return (checkpoints, count, split)
        }
        self.secrets = secrets
        self.window = window
    }

    /// How many line offsets are kept: one for every `step` lines.
    var keptOffsets: Int { checkpoints.count }

    /// Where the kept offset at or before line `line` lies, for a reader letting go of the pages behind it.
    func offset(before line: Int) -> Int {
        checkpoints[max(0, min(checkpoints.count - 1, line / Self.step))]
    }

    /// The start of each line in `lines` (clamped to the body), then where the line after the last one starts (the
    /// body's end for the last line), so line `k` is `result[k]..<result[k + 1]`.
    func starts(_ lines: Range<Int>, in data: Data) -> [Int] {
        let lower = max(0, min(lines.lowerBound, count))
        let upper = max(lower, min(lines.upperBound, count))
        guard lower < upper else { return [] }
        return data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var result: [Int] = []
            result.reserveCapacity(upper - lower + 1)
            var line = lower / Self.step * Self.step
            var start = checkpoints[lower / Self.step]
            while true {
                if line >= lower { result.append(start) }
                if line == upper { break }
                guard let (next, _) = Self.next(after: start, in: bytes, secrets: secrets, window: window) else {
                    result.append(bytes.count)
                    break
                }
                start = next
                line += 1
            }
            return result
        }
    }

    /// Where the display line after the one starting at `start` begins, and whether it is a piece of the same line;
    /// nil when the line at `start` is the last. Only `window` bytes are searched for the newline, so cutting a
    /// 100 MB line into pieces reads it once.
    private static func next(after start: Int, in bytes: UnsafeBufferPointer<UInt8>, secrets: [[UInt8]], window: Int) -> (Int, Bool)? {
        guard start < bytes.count else { return nil }
        let searched = min(bytes.count - start, window)
        let found = bytes.firstIndex(of: 0x0A, from: start, count: searched)
        let end = found ?? start + searched
        // The CR of a CRLF ending is not part of the line's length.
        let contentEnd = found != nil && end > start && bytes[end - 1] == 0x0D ? end - 1 : end
        if contentEnd - start > BodyDocument.maxLineBytes {
            var cut = start + BodyDocument.maxLineBytes
            // Back up over UTF-8 continuation bytes so no character is cut in two.
            var backed = 0
            while backed < 3, cut > start + 1, bytes[cut] & 0xC0 == 0x80 { cut -= 1; backed += 1 }
            return (cutOutside(secrets, cut: cut, pieceStart: start, end: contentEnd, bytes: bytes), true)
        }
        guard found != nil else { return nil }
        return (end + 1, false)
    }

    /// `cut`, moved off any occurrence of a secret that spans it.
    private static func cutOutside(_ secrets: [[UInt8]], cut: Int, pieceStart: Int, end: Int, bytes: UnsafeBufferPointer<UInt8>) -> Int {
        for secret in secrets where secret.count > 1 {
            var start = max(pieceStart, cut - secret.count + 1)
            while start < cut, start + secret.count <= end {
                if bytes[start] == secret[0], zip(secret.indices, start...).allSatisfy({ bytes[$0.1] == secret[$0.0] }) {
                    // Cut before the secret when the piece keeps some text, else after it.
                    return start > pieceStart ? start : min(end, start + secret.count)
                }
                start += 1
            }
        }
        return cut
    }
}
