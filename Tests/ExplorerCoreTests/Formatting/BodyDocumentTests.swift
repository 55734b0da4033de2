@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite struct BodyDocumentTests {
    /// A JSON array of `count` small objects with nested values, so lines cross chunk boundaries at every depth.
    private func jsonArray(_ count: Int) -> Data {
        var json = "["
        for index in 0..<count {
            json += (index > 0 ? "," : "") + #"{"id":\#(index),"tags":["a","b"],"nested":{"ok":true,"name":"né\#(index)"}}"#
        }
        return Data((json + "]").utf8)
    }

    @Test func lazyJSONMatchesTheEagerFormatterLineForLine() {
        let body = jsonArray(700)
        let eager = BodyFormatter.format(body, contentType: "application/json")
        let document = BodyDocument(body, contentType: "application/json")
        #expect(document.kind == .json)
        #expect(document.lineCount == eager.lines.count)
        #expect(document.lineCount > 3 * BodyDocument.chunkSize)
        #expect(document.allLines == eager.lines)
        // A page straddling a chunk boundary, read out of order, is the same as the eager lines.
        let boundary = 2 * BodyDocument.chunkSize
        #expect(document.lines(in: (boundary - 5)..<(boundary + 5)) == Array(eager.lines[(boundary - 5)..<(boundary + 5)]))
        #expect(document.line(at: 0) == eager.lines.first)
        #expect(document.line(at: document.lineCount - 1) == eager.lines.last)
    }

    @Test func rangesAreClampedToTheDocument() {
        let document = BodyDocument(jsonArray(3), contentType: "application/json")
        #expect(document.lines(in: -5..<2).count == 2)
        #expect(document.lines(in: (document.lineCount - 1)..<(document.lineCount + 50)).count == 1)
        #expect(document.lines(in: (document.lineCount + 1)..<(document.lineCount + 3)).isEmpty)
        #expect(document.line(at: document.lineCount) == nil)
    }

    @Test func invalidJSONKeepsTheNoteAndRawLines() {
        let body = Data("{\"a\":\r\n  }\n".utf8)
        let document = BodyDocument(body, contentType: "application/json")
        #expect(document.kind == .invalidJSON)
        #expect(document.allLines == BodyFormatter.format(body, contentType: "application/json").lines)
        #expect(document.allLines.map(\.text) == [
            "(not valid JSON: unexpected '}' at line 2, column 3; showing the raw text)", "{\"a\":", "  }", "",
        ])
    }

    @Test func textIsSplitLazilyAndMadeTerminalSafe() {
        var text = ""
        for index in 0..<1000 { text += "line \(index)\r\n" }
        text += "bell \u{07} and escape \u{1B}[31m"
        let body = Data(text.utf8)
        let document = BodyDocument(body, contentType: "text/plain")
        #expect(document.kind == .text)
        #expect(document.lineCount == 1001)
        #expect(document.allLines == BodyFormatter.format(body, contentType: "text/plain").lines)
        #expect(document.line(at: 999)?.text == "line 999")
        let last = document.line(at: 1000)?.text ?? ""
        #expect(!last.contains("\u{1B}") && !last.contains("\u{07}"))
    }

    @Test func aLongLineIsShownInPiecesCutAtCharacterBoundaries() {
        // 3 pieces and a bit: "é" is two bytes, so the cut at 8192 would split one unless it backs up.
        let long = "a" + String(repeating: "é", count: BodyDocument.maxLineBytes * 3 / 2)
        let body = Data("first\r\n\(long)\r\nlast".utf8)
        let document = BodyDocument(body, contentType: "text/plain")
        let lines = document.allLines.map(\.text)
        #expect(lines.first == "Lines longer than 8.0 KB are shown in pieces of that size.")
        #expect(lines[1] == "first")
        #expect(lines.last == "last")
        let pieces = Array(lines[2..<(lines.count - 1)])
        #expect(pieces.count == 4)
        #expect(pieces.joined() == long, "the pieces put back together are the line, with no character lost or cut")
        #expect(pieces.allSatisfy { $0.utf8.count <= BodyDocument.maxLineBytes && !$0.contains("\u{FFFD}") })
        // Short lines keep no note.
        #expect(BodyDocument(Data("a\nb".utf8), contentType: "text/plain").allLines.map(\.text) == ["a", "b"])
    }

    @Test func aSecretIsNeverCutBetweenPiecesSoItStaysMasked() {
        let secret = "s3cr3t-token-value"
        let body = Data((String(repeating: "a", count: BodyDocument.maxLineBytes - 7) + secret + String(repeating: "b", count: 100)).utf8)
        let document = BodyDocument(body, contentType: "text/plain", masker: SecretMasker(secrets: [secret]))
        let text = document.allLines.map(\.text).joined(separator: "\n")
        #expect(!text.contains("s3cr3t") && !text.contains("token-value"), "\(text.suffix(200))")
        #expect(text.contains("••••••"))
        // The piece before the secret ends where it starts; the secret begins the next piece.
        #expect(document.line(at: 1)?.text.utf8.count == BodyDocument.maxLineBytes - 7)
    }

    @Test func aSearchFindsAMatchRunningAcrossTheCutBetweenPieces() {
        // "NeedleInHay" starts 6 bytes before the cut at 8192, so neither piece holds all of it.
        let line = String(repeating: "a", count: BodyDocument.maxLineBytes - 6) + "NeedleInHay" + String(repeating: "b", count: 50)
        let body = Data("first\n\(line)\nneedle on its own\nother".utf8)
        let document = BodyDocument(body, contentType: "text/plain")
        #expect(document.line(at: 2)?.text.hasSuffix("Needle") == true && document.line(at: 3)?.text.hasPrefix("InHay") == true)
        #expect(document.matchingLines("needleinhay") == [2], "the match is found, in the piece where it starts")
        #expect(document.matchingLines("needle") == [2, 4])
        #expect(document.matchingLines("inhay") == [3])
        // Across the end of a real line there is no match: "first" and the next line are not one line.
        #expect(document.matchingLines("firstaaa").isEmpty)
        #expect(document.matchingLines("ownother").isEmpty)
    }

    @Test func aCRLFLineOfExactlyThePieceSizeIsNotCut() {
        let body = Data((String(repeating: "x", count: BodyDocument.maxLineBytes) + "\r\nnext").utf8)
        let lines = BodyDocument(body, contentType: "text/plain").allLines.map(\.text)
        #expect(lines.map(\.utf8.count) == [BodyDocument.maxLineBytes, 4])
    }

    @Test func aHundredMegabyteSingleLineBodyIsIndexedInPieces() {
        let body = Data(repeating: UInt8(ascii: "x"), count: 100 << 20)
        let document = BodyDocument(body, contentType: "text/plain")
        #expect(document.lineCount == 1 + (100 << 20) / BodyDocument.maxLineBytes)
        let last = document.line(at: document.lineCount - 1)?.text ?? ""
        #expect(last.utf8.count == BodyDocument.maxLineBytes && last.allSatisfy { $0 == "x" })
    }

    @Test func largeMarkupIsPagedAsPlainTextWithANote() {
        let item = "<item><name>Widget &amp; co</name></item>\n"
        let xml = "<root>\n" + String(repeating: item, count: BodyDocument.eagerFormatLimit / item.utf8.count + 1) + "</root>"
        let large = BodyDocument(Data(xml.utf8), contentType: "application/xml")
        #expect(large.kind == .text)
        #expect(large.line(at: 0)?.text == "2.0 MB of XML is shown as plain text: only bodies up to 2.0 MB are formatted.")
        #expect(large.line(at: 1)?.text == "<root>" && large.line(at: 2)?.text == item.dropLast().description)
        // Under the limit the same markup is still pretty-printed.
        let small = BodyDocument(Data(("<root>" + item + "</root>").utf8), contentType: "application/xml")
        #expect(small.kind == .xml)
    }

    @Test func latin1TextIsTranscoded() {
        let document = BodyDocument(Data([0x63, 0x61, 0x66, 0xE9]), contentType: "text/plain; charset=iso-8859-1")
        #expect(document.allLines.map(\.text) == ["café"])
    }

    @Test func markupAndBinaryAreFormattedUpFront() {
        let xml = Data("<a><b>1</b></a>".utf8)
        #expect(BodyDocument(xml, contentType: "application/xml").allLines == BodyFormatter.format(xml, contentType: "application/xml").lines)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0])
        #expect(BodyDocument(png, contentType: "image/png").kind == .binary)
        #expect(BodyDocument(Data(), contentType: nil).kind == .empty)
    }

    @Test func secretsEchoedByTheServerAreMasked() {
        let body = Data(#"{"headers":{"Authorization":"Bearer s3cret-token"},"note":"s3cret-token again"}"#.utf8)
        let document = BodyDocument(body, contentType: "application/json", masker: SecretMasker(secrets: ["s3cret-token"]))
        let text = document.allLines.map(\.text).joined(separator: "\n")
        #expect(!text.contains("s3cret-token"))
        #expect(text.contains("Bearer \(SecretMasker.mask)"))
        #expect(document.matchingLines("s3cret").isEmpty)
        #expect(document.matchingLines("again").count == 1)
    }

    @Test func searchSeesDecodedEscapesAsTheExplorerShowsThem() {
        let body = #"{"city": "Montr\u00e9al", "letter": "\u0041bc", "plain": "Montréal", "kept": "\\u00e9"}"#
        let json = BodyDocument(Data(body.utf8), contentType: "application/json")
        // Line 1 is `"city": "Montr\u00e9al"`, line 3 the literal é, line 4 an escaped backslash (shown as written).
        #expect(json.matchingLines("montréal", decodingEscapes: true) == [1, 3])
        #expect(json.matchingLines("montréal") == [3], "as written, only the literal é matches")
        #expect(json.matchingLines("abc", decodingEscapes: true) == [2], "an ASCII query finds a decoded \\u0041")
        #expect(json.matchingLines("abc").isEmpty)
        #expect(json.matchingLines("é", decodingEscapes: true) == [1, 3], "\\\\u00e9 is a backslash and text, not é")
        // Text bodies are shown as they are, so their escapes are searched as written.
        let text = BodyDocument(Data(#"Montr\u00e9al"#.utf8), contentType: "text/plain")
        #expect(text.matchingLines("montréal", decodingEscapes: true).isEmpty)
    }

    @Test func searchFindsLinesIgnoringCaseInEveryKind() {
        let json = BodyDocument(jsonArray(600), contentType: "application/json")
        let eager = BodyFormatter.format(jsonArray(600), contentType: "application/json").lines
        let expected = eager.indices.filter { eager[$0].text.lowercased().contains("\"id\": 59") }
        #expect(json.matchingLines("\"ID\": 59") == expected)
        #expect(expected.count == 11)
        // Non-ASCII queries take the string path and still find the line.
        #expect(json.matchingLines("NÉ599").count == 1)
        let text = BodyDocument(Data("alpha\nBeta\ngamma beta\n".utf8), contentType: "text/plain")
        #expect(text.matchingLines("BETA") == [1, 2])
        #expect(text.matchingLines("").isEmpty)
    }

    @Test func cancelledSearchStopsEarly() {
        let document = BodyDocument(jsonArray(2000), contentType: "application/json")
        var checks = 0
        let matches = document.matchingLines("id") {
            checks += 1
            return checks > 2
        }
        // Two chunks searched, then it stopped: only matches from those chunks.
        #expect(!matches.isEmpty)
        #expect(matches.allSatisfy { $0 < 2 * BodyDocument.chunkSize })
        #expect(document.matchingLines("id").count > matches.count)
    }

    @Test func deepNestingIndexesWithoutRecursion() {
        let depth = 100_000
        let body = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        let document = BodyDocument(body, contentType: "application/json")
        #expect(document.kind == .json)
        #expect(document.lineCount == 2 * depth - 1)
        #expect(document.line(at: document.lineCount - 1)?.text == "]")
    }
}
