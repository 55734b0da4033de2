@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite struct TextLineIndexTests {
    /// Every display line's start, found by scanning the whole body as the explorer did before the index was sparse.
    private func referenceStarts(_ bytes: [UInt8], secrets: [[UInt8]] = []) -> [Int] {
        let limit = BodyDocument.maxLineBytes
        var starts = [0]
        var offset = 0
        while offset < bytes.count {
            let newline = bytes[offset...].firstIndex(of: 0x0A)
            let end = newline ?? bytes.count
            let contentEnd = newline != nil && end > offset && bytes[end - 1] == 0x0D ? end - 1 : end
            var pieceStart = offset
            while contentEnd - pieceStart > limit {
                var cut = pieceStart + limit
                var backed = 0
                while backed < 3, cut > pieceStart + 1, bytes[cut] & 0xC0 == 0x80 { cut -= 1; backed += 1 }
                search: for secret in secrets where secret.count > 1 {
                    var start = max(pieceStart, cut - secret.count + 1)
                    while start < cut, start + secret.count <= contentEnd {
                        if Array(bytes[start..<(start + secret.count)]) == secret {
                            cut = start > pieceStart ? start : min(contentEnd, start + secret.count)
                            break search
                        }
                        start += 1
                    }
                }
                starts.append(cut)
                pieceStart = cut
            }
            guard newline != nil else { break }
            starts.append(end + 1)
            offset = end + 1
        }
        return starts
    }

    /// A body of `lines` lines mixing LF and CRLF endings, empty lines, multi-byte characters and lines long enough to
    /// be cut, some of them around `secret`.
    private func mixedBody(lines: Int, secret: String, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var text = ""
        for index in 0..<lines {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: text += ""
            case 1: text += String(repeating: "é", count: Int.random(in: 4000...9000, using: &generator))
            case 2: text += String(repeating: "x", count: BodyDocument.maxLineBytes - Int.random(in: 0...3, using: &generator)) + secret
                + String(repeating: "y", count: Int.random(in: 0...20_000, using: &generator))
            case 3: text += String(repeating: "z", count: BodyDocument.maxLineBytes)
            default: text += "line \(index) " + String(repeating: "w", count: Int.random(in: 0...80, using: &generator))
            }
            text += Bool.random(using: &generator) ? "\r\n" : "\n"
        }
        if Bool.random(using: &generator) { text += "no newline at the end" }
        return Array(text.utf8)
    }

    @Test func linesAreFoundAgainFromSparseOffsetsExactlyAsAFullScanFindsThem() {
        let secret = "s3cr3t-TOKEN"
        for seed in UInt64(1)...6 {
            let bytes = mixedBody(lines: 900, secret: secret, seed: seed)
            let reference = referenceStarts(bytes, secrets: [Array(secret.utf8)])
            let index = TextLineIndex(Data(bytes), keepingWhole: [Array(secret.utf8)])
            #expect(index.count == reference.count, "seed \(seed)")
            #expect(index.starts(0..<index.count, in: Data(bytes)) == reference + [bytes.count], "seed \(seed)")
            // Pages that begin and end anywhere, across the kept offsets.
            var generator = SeededGenerator(seed: seed)
            for _ in 0..<40 {
                let lower = Int.random(in: 0..<reference.count, using: &generator)
                let upper = Int.random(in: lower...min(reference.count, lower + 600), using: &generator)
                let expected = lower == upper ? [] : Array(reference[lower..<upper]) + [upper < reference.count ? reference[upper] : bytes.count]
                #expect(index.starts(lower..<upper, in: Data(bytes)) == expected, "seed \(seed) lines \(lower)..<\(upper)")
            }
        }
    }

    @Test func aMillionLinesKeepOneOffsetInEveryStep() {
        let line = Array("data: {\"n\":1}\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count * 1_000_000)
        for _ in 0..<1_000_000 { bytes += line }
        let index = TextLineIndex(Data(bytes))
        #expect(index.count == 1_000_001)
        #expect(index.keptOffsets == 1_000_001 / TextLineIndex.step + 1)
        #expect(index.starts(999_999..<1_000_001, in: Data(bytes)) == [999_999 * line.count, 1_000_000 * line.count, bytes.count])
    }

    @Test func anEmptyBodyHasOneEmptyLine() {
        let index = TextLineIndex(Data())
        #expect(index.count == 1)
        #expect(index.starts(0..<1, in: Data()) == [0, 0])
    }
}
