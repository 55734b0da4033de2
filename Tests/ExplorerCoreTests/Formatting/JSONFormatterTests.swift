@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite struct JSONFormatterTests {
    private func pretty(_ json: String) throws -> String {
        String(decoding: try JSONFormatter.prettyPrinted(Array(json.utf8)), as: UTF8.self)
    }

    private func error(_ json: String) -> JSONSyntaxError? {
        do {
            _ = try JSONFormatter.prettyPrinted(Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func keepsKeyOrderAndUsesTwoSpaceIndent() throws {
        let output = try pretty(#"{"zeta":1,"alpha":{"m":true,"b":[false,null]},"mid":"x"}"#)
        #expect(output == """
        {
          "zeta": 1,
          "alpha": {
            "m": true,
            "b": [
              false,
              null
            ]
          },
          "mid": "x"
        }
        """)
    }

    @Test func keepsNumberLiteralsExactly() throws {
        let output = try pretty("[1.10, 12345678901234567890123, 1e-7, -0.5E+10, 0, -0]")
        #expect(output == "[\n  1.10,\n  12345678901234567890123,\n  1e-7,\n  -0.5E+10,\n  0,\n  -0\n]")
    }

    @Test func keepsStringEscapesAsSent() throws {
        let output = try pretty(#"{"caf\u00e9":"a\"b\\n\u00E9\/\t","raw":"é"}"#)
        #expect(output == "{\n  \"caf\\u00e9\": \"a\\\"b\\\\n\\u00E9\\/\\t\",\n  \"raw\": \"é\"\n}")
    }

    @Test func emptyContainersStayOnOneLine() throws {
        #expect(try pretty("{}") == "{}")
        #expect(try pretty(" [ \n ] ") == "[]")
        #expect(try pretty(#"{"a":[],"b":{ },"c":[{}]}"#) == "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    {}\n  ]\n}")
    }

    @Test func topLevelScalarsAndSurroundingWhitespace() throws {
        #expect(try pretty("  42 \n") == "42")
        #expect(try pretty(#""hi""#) == #""hi""#)
        #expect(try pretty("null") == "null")
    }

    @Test func tokensCarryKinds() {
        let formatter = JSONFormatter(Array(#"{"a":1,"b":"s","c":[true]}"#.utf8))
        let (lines, next) = formatter.formatLines(maxLines: 100)
        #expect(next.isFinished && next.error == nil)
        #expect(lines.count == 7)
        let second = lines[1]
        #expect(second.depth == 1)
        #expect(second.text == #"  "a": 1,"#)
        #expect(second.tokens.map(\.kind) == [.key, .punctuation, .whitespace, .number, .punctuation])
        #expect(second.tokens.map { second.text(of: $0) } == [#""a""#, ":", " ", "1", ","])
        #expect(lines[2].tokens.map(\.kind) == [.key, .punctuation, .whitespace, .string, .punctuation])
        #expect(lines[3].tokens.map(\.kind) == [.key, .punctuation, .whitespace, .punctuation])
        #expect(lines[4].tokens.map(\.kind) == [.literal])
        #expect(lines[4].depth == 2)
    }

    @Test func ansiColouringWrapsTokens() throws {
        let bytes = try JSONFormatter.prettyPrinted(Array(#"{"a":[1,"s",null]}"#.utf8), style: .standard)
        let output = String(decoding: bytes, as: UTF8.self)
        let key = "\u{1B}[1;34m\"a\"\u{1B}[0m"
        let one = "\u{1B}[36m1\u{1B}[0m"
        let string = "\u{1B}[32m\"s\"\u{1B}[0m"
        let null = "\u{1B}[35mnull\u{1B}[0m"
        #expect(output == "{\n  \(key): [\n    \(one),\n    \(string),\n    \(null)\n  ]\n}")
        let lines = JSONFormatter(Array(#"{"a":[1,"s",null]}"#.utf8)).formatLines(maxLines: 50).lines
        #expect(ANSIStyle.standard.render(lines) == output)
    }

    @Test func deepNestingOfOneHundredThousandLevels() {
        let depth = 100_000
        let body = [UInt8](repeating: 0x5B, count: depth) + [UInt8](repeating: 0x5D, count: depth)
        let formatter = JSONFormatter(body)
        var state = JSONFormatter.State.start
        var total = 0
        var first: JSONFormattedLine?
        var last: JSONFormattedLine?
        var deepest = 0
        while !state.isFinished {
            let (lines, next) = formatter.formatLines(from: state, maxLines: 25_000)
            if first == nil { first = lines.first }
            last = lines.last ?? last
            deepest = max(deepest, lines.map(\.depth).max() ?? 0)
            total += lines.count
            state = next
        }
        #expect(state.error == nil)
        // The innermost pair is empty and shares one line, so 2 * depth - 1 lines.
        #expect(total == 2 * depth - 1)
        #expect(state.lineNumber == total)
        #expect(first?.text == "[")
        #expect(last?.text == "]")
        #expect(deepest == depth - 1)
    }

    @Test func deepNestingWholeBodyCapsIndentation() throws {
        let depth = 100_000
        let body = String(repeating: #"{"k":"#, count: depth) + "0" + String(repeating: "}", count: depth)
        let output = try JSONFormatter.prettyPrinted(Array(body.utf8))
        var lineCount = 1
        var widest = 0
        var current = 0
        var inIndent = true
        for byte in output {
            if byte == 0x0A {
                lineCount += 1
                current = 0
                inIndent = true
            } else if inIndent && byte == 0x20 {
                current += 1
                widest = max(widest, current)
            } else {
                inIndent = false
            }
        }
        #expect(lineCount == 2 * depth + 1)
        #expect(widest == JSONFormatter.maximumIndentDepth * JSONFormatter.indentStep)
        #expect(output.prefix(8) == Array("{\n  \"k\":".utf8)[...])
        #expect(output.suffix(2) == Array("\n}".utf8)[...])
    }

    @Test func reportsExactErrorPositions() {
        #expect(error("{\n  \"a\": [\n    }")?.description == "unexpected '}' at line 3, column 5")
        #expect(error("{\n  \"a\": [\n    }")?.offset == 15)
        #expect(error("")?.description == "unexpected end of input at line 1, column 1")
        #expect(error("[1 2]")?.description == "unexpected '2' at line 1, column 4")
        #expect(error(#"{"a" 1}"#)?.description == "unexpected '1' at line 1, column 6")
        #expect(error(#"{"a":1,}"#)?.description == "unexpected '}' at line 1, column 8")
        #expect(error("[1,]")?.description == "unexpected ']' at line 1, column 4")
        #expect(error("[01]")?.description == "unexpected '1' at line 1, column 3")
        #expect(error("[1.]")?.description == "unexpected ']' at line 1, column 4")
        #expect(error("nul")?.description == "unexpected end of input at line 1, column 4")
        #expect(error("{} x")?.description == "unexpected 'x' at line 1, column 4")
        #expect(error(#"["é", "abc"#)?.description == "unterminated string at line 1, column 7")
        #expect(error(#"["\q"]"#)?.description == "invalid escape '\\q' in string at line 1, column 3")
        #expect(error(#"["\u12G4"]"#)?.description == "invalid \\u escape in string at line 1, column 3")
        #expect(error("[\"a\u{1B}\"]")?.description == "unescaped control character 0x1B in string at line 1, column 4")
        #expect(error("[\u{7}]")?.description == "unexpected byte 0x07 at line 1, column 2")
        #expect(error("{'a':1}")?.description == "unexpected ''' at line 1, column 2")
        #expect(error(#"{"a":1}}"#)?.description == "unexpected '}' at line 1, column 8")
    }

    @Test func incrementalFormattingReportsErrorsAfterGoodLines() {
        let formatter = JSONFormatter(Array("[\n1,\n2,\n3 4]".utf8))
        let (lines, next) = formatter.formatLines(maxLines: 100)
        #expect(lines.map(\.text) == ["[", "  1,", "  2,"])
        #expect(next.isFinished)
        #expect(next.error?.description == "unexpected '4' at line 4, column 3")
        let again = formatter.formatLines(from: next, maxLines: 10)
        #expect(again.lines.isEmpty)
        #expect(again.nextState == next)
    }

    @Test func displayTextFallsBackToRawTextWithNote() {
        let body = Data("{\"a\": 1,\n  \"b\": \u{1B}[31m}\n".utf8)
        let text = JSONFormatter.displayText(body)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "(not valid JSON: unexpected byte 0x1B at line 2, column 8; showing the raw text)")
        #expect(lines[1] == "{\"a\": 1,")
        #expect(lines[2] == "  \"b\": \\u{1B}[31m}")
        #expect(!text.contains("\u{1B}"))
    }

    @Test func displayTextPrettyPrintsValidJSON() {
        #expect(JSONFormatter.displayText(Data(#"{"a":[1]}"#.utf8)) == "{\n  \"a\": [\n    1\n  ]\n}")
    }

    @Test func controlAndInvalidBytesInStringsAreMadeSafe() throws {
        // DEL and C1 (U+009B, the one-byte CSI) are legal raw in JSON strings but must not reach the terminal.
        var body = Array(#"["a"#.utf8) + [0x7F, 0xC2, 0x9B] + Array(#"b", "x"#.utf8) + [0xFF, 0xC3] + Array(#"y"]"#.utf8)
        let output = String(decoding: try JSONFormatter.prettyPrinted(body), as: UTF8.self)
        #expect(output == "[\n  \"a\\u{7F}\\u{9B}b\",\n  \"x\u{FFFD}\u{FFFD}y\"\n]")
        body = Array(#"{"k\#u{9B}":"é✓😀"}"#.utf8)
        let lines = JSONFormatter(body).formatLines(maxLines: 10).lines
        #expect(lines[1].text == "  \"k\\u{9B}\": \"é✓😀\"")
    }

    @Test func largeBodyFormatsCompletely() throws {
        var body: [UInt8] = [0x5B]
        var count = 0
        while body.count < 10_500_000 {
            if count > 0 { body.append(0x2C) }
            body += Array(#"{"id":\#(count),"name":"item \#(count)","tags":["a","b"],"price":1.10,"ok":true}"#.utf8)
            count += 1
        }
        body.append(0x5D)
        let output = try JSONFormatter.prettyPrinted(body)
        let lines = output.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.count == 2 + 10 * count)
        #expect(lines.prefix(11).map { String(decoding: $0, as: UTF8.self) } == [
            "[", "  {", "    \"id\": 0,", "    \"name\": \"item 0\",", "    \"tags\": [", "      \"a\",",
            "      \"b\"", "    ],", "    \"price\": 1.10,", "    \"ok\": true", "  },",
        ])
        #expect(lines.suffix(4).map { String(decoding: $0, as: UTF8.self) } == [
            "    \"price\": 1.10,", "    \"ok\": true", "  }", "]",
        ])
        #expect(String(decoding: lines[lines.count - 10], as: UTF8.self) == "    \"id\": \(count - 1),")
    }

    @Test func incrementalFromCheckpointsEqualsWholeFormatting() throws {
        var json = #"{"users":["#
        for index in 0..<60 {
            if index > 0 { json += "," }
            json += #"{"id":\#(index),"n":\#(index).50,"tags":[],"meta":{"a":[1,[2,{}]],"b":null}}"#
        }
        json += #"],"count":60,"e":"\u00e9"}"#
        let body = Array(json.utf8)
        let whole = String(decoding: try JSONFormatter.prettyPrinted(body), as: UTF8.self)
        let formatter = JSONFormatter(body)

        var checkpoints: [JSONFormatter.State] = []
        var state = JSONFormatter.State.start
        var pieces: [String] = []
        while !state.isFinished {
            checkpoints.append(state)
            let (lines, next) = formatter.formatLines(from: state, maxLines: 7)
            pieces += lines.map(\.text)
            state = next
        }
        #expect(state.error == nil)
        #expect(pieces.joined(separator: "\n") == whole)

        // A UI jumping back to a saved checkpoint must see exactly the same lines again.
        let wholeLines = whole.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let checkpoint = checkpoints[13]
        #expect(checkpoint.lineNumber == 13 * 7)
        let resumed = formatter.formatLines(from: checkpoint, maxLines: 30).lines.map(\.text)
        #expect(resumed == Array(wholeLines[(13 * 7)..<(13 * 7 + 30)]))
    }

    @Test func printingInPiecesGivesTheSameBytesAndWritesNothingForInvalidJSON() throws {
        let body = Array(#"{"a":[1,2,{"b":"\u001b[2J x"}],"c":{},"d":[]} "#.utf8)
        let whole = try JSONFormatter.prettyPrinted(body, style: .standard)
        for linesPerPiece in [1, 2, 3, 100] {
            var pieces: [[UInt8]] = []
            var read = 0
            try body.withUnsafeBytes { buffer in
                try JSONFormatter.prettyPrint(buffer, style: .standard, linesPerPiece: linesPerPiece,
                                              didRead: { read = max(read, $0.upperBound) }, to: { pieces.append($0) })
            }
            #expect(pieces.joined().elementsEqual(whole), "\(linesPerPiece) lines a piece")
            #expect(linesPerPiece > 3 || pieces.count > 3)
            #expect(read >= body.count - 1)
        }
        var written = 0
        let invalid = Array(#"[1, 2, {"a": }]"#.utf8)
        #expect(throws: JSONSyntaxError.self) {
            try invalid.withUnsafeBytes { buffer in
                try JSONFormatter.prettyPrint(buffer, linesPerPiece: 1, to: { written += $0.count })
            }
        }
        #expect(written == 0)
    }
}
