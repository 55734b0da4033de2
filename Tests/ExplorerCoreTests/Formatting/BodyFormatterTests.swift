@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite struct BodyFormatterTests {
    private func texts(_ body: FormattedBody) -> [String] { body.lines.map(\.text) }

    @Test func jsonIncludingStructuredSuffixTypes() {
        let body = BodyFormatter.format(Data(#"{"type":"about:blank","status":404}"#.utf8),
                                        contentType: "application/problem+json; charset=UTF-8")
        #expect(body.kind == .json)
        #expect(texts(body) == ["{", #"  "type": "about:blank","#, #"  "status": 404"#, "}"])
        #expect(body.lines[2].tokens.map(\.kind) == [.json(.key), .json(.punctuation), .json(.whitespace), .json(.number)])
        #expect(body.lines[2].indent == 2)
    }

    @Test func invalidJSONShowsNoteAndRawText() {
        let body = BodyFormatter.format(Data("{\"a\":\n  }".utf8), contentType: "application/json")
        #expect(body.kind == .invalidJSON)
        #expect(texts(body) == [
            "(not valid JSON: unexpected '}' at line 2, column 3; showing the raw text)", "{\"a\":", "  }",
        ])
        #expect(body.lines[0].tokens.map(\.kind) == [.note])
    }

    @Test func jsonLabelledLatin1IsDecodedAsLatin1() {
        let bytes = Array(#"{"n":"caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
        let body = BodyFormatter.format(Data(bytes), contentType: "application/json; charset=ISO-8859-1")
        #expect(texts(body) == ["{", #"  "n": "café""#, "}"])
    }

    @Test func xmlIsReindentedWithTagAndAttributeTokens() {
        let xml = #"<?xml version="1.0"?><root a="1"><item id='x'>hi</item><empty/><b></b><!-- c --><p>one <i>two</i></p></root>"#
        let body = BodyFormatter.format(Data(xml.utf8), contentType: "application/atom+xml")
        #expect(body.kind == .xml)
        #expect(texts(body) == [
            #"<?xml version="1.0"?>"#, #"<root a="1">"#, "  <item id='x'>hi</item>", "  <empty/>", "  <b></b>",
            "  <!-- c -->", "  <p>", "    one", "    <i>two</i>", "  </p>", "</root>",
        ])
        #expect(body.lines[1].tokens == [
            BodyToken(.tag, "<root"), BodyToken(.whitespace, " "), BodyToken(.attributeName, "a"),
            BodyToken(.tag, "="), BodyToken(.attributeValue, "\"1\""), BodyToken(.tag, ">"),
        ])
        #expect(body.lines[2].tokens.map(\.kind) == [.tag, .whitespace, .attributeName, .tag, .attributeValue, .tag, .text, .tag, .tag])
        #expect(body.lines[0].tokens.map(\.kind) == [.comment])
    }

    @Test func htmlKeepsLinesAndHighlightsTags() {
        let html = "<!DOCTYPE html>\r\n<p class=\"x\">Hi <b>there</b></p>\n<!-- note -->"
        let body = BodyFormatter.format(Data(html.utf8), contentType: "text/html; charset=utf-8")
        #expect(body.kind == .html)
        #expect(texts(body) == ["<!DOCTYPE html>", "<p class=\"x\">Hi <b>there</b></p>", "<!-- note -->"])
        #expect(body.lines[1].tokens.map(\.kind) == [
            .tag, .whitespace, .attributeName, .tag, .attributeValue, .tag, .text, .tag, .tag, .text, .tag, .tag, .tag, .tag,
        ])
        #expect(body.lines[2].tokens.map(\.kind) == [.comment])
    }

    @Test func plainTextEscapesControlCharacters() {
        let body = BodyFormatter.format(Data("ok\r\n\u{1B}[2J\u{1B}]0;pwned\u{7}\tend\u{7F}".utf8), contentType: "text/plain")
        #expect(body.kind == .text)
        #expect(texts(body) == ["ok", "\\u{1B}[2J\\u{1B}]0;pwned\\u{7}\tend\\u{7F}"])
        #expect(!body.lines.flatMap(\.tokens).contains { $0.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" } })
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let body = BodyFormatter.format(Data([0x61, 0xFF, 0xFE, 0x62, 0xE2, 0x82]), contentType: "text/plain; charset=utf-8")
        #expect(texts(body) == ["a\u{FFFD}\u{FFFD}b\u{FFFD}"])
    }

    @Test func latin1AndWindows1252AreDecoded() {
        let latin1 = BodyFormatter.format(Data([0x63, 0x61, 0x66, 0xE9, 0x20, 0x85]), contentType: "text/plain; charset=\"latin1\"")
        // 0x85 is a C1 control in Latin-1, so it must be escaped, not written raw.
        #expect(texts(latin1) == ["café \\u{85}"])
        let windows = BodyFormatter.format(Data([0x80, 0x20, 0x93, 0x71, 0x94]), contentType: "text/plain; charset=windows-1252")
        #expect(texts(windows) == ["€ \u{201C}q\u{201D}"])
    }

    @Test func formBodiesBecomeANameValueTable() {
        let body = BodyFormatter.format(Data("name=J%C3%B6rg+M&x=1&flag&evil=%1B%5B2J&bad=%zz".utf8),
                                        contentType: "application/x-www-form-urlencoded")
        #expect(body.kind == .form)
        #expect(texts(body) == ["name  Jörg M", "x     1", "flag  ", "evil  \\u{1B}[2J", "bad   %zz"])
        #expect(body.lines[0].tokens.map(\.kind) == [.formName, .whitespace, .formValue])
    }

    @Test func binaryBodiesShowSizeAndHexPreview() {
        let bytes = (0..<300).map { UInt8($0 % 256) }
        let body = BodyFormatter.format(Data(bytes), contentType: "image/png")
        #expect(body.kind == .binary)
        #expect(body.lines.count == 1 + 16 + 1)
        #expect(body.lines[0].text == "(binary body: 300 bytes, image/png)")
        #expect(body.lines[1].text == "00000000  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f  |................|")
        #expect(body.lines[3].text == "00000020  20 21 22 23 24 25 26 27  28 29 2a 2b 2c 2d 2e 2f  | !\"#$%&'()*+,-./|")
        #expect(body.lines[16].text == "000000f0  f0 f1 f2 f3 f4 f5 f6 f7  f8 f9 fa fb fc fd fe ff  |................|")
        #expect(body.lines[17].text == "(44 more bytes not shown)")
        #expect(body.lines[1].tokens.map(\.kind) == [.hexOffset, .whitespace, .hexBytes, .whitespace, .hexASCII])
    }

    @Test func shortBinaryRowIsPadded() {
        let body = BodyFormatter.format(Data([0x1B, 0x5B, 0x41, 0x00]), contentType: "application/octet-stream")
        #expect(texts(body) == [
            "(binary body: 4 bytes, application/octet-stream)",
            "00000000  1b 5b 41 00                                       |.[A.|",
        ])
    }

    @Test func sniffsWhenContentTypeIsMissing() {
        #expect(BodyFormatter.format(Data(" [1]".utf8), contentType: nil).kind == .json)
        #expect(BodyFormatter.format(Data("[1".utf8), contentType: nil).kind == .text)
        #expect(BodyFormatter.format(Data("<a><b/></a>".utf8), contentType: nil).kind == .xml)
        #expect(BodyFormatter.format(Data("<!doctype html><html></html>".utf8), contentType: nil).kind == .html)
        #expect(BodyFormatter.format(Data([0x50, 0x4B, 0x03, 0x04, 0x00, 0x00]), contentType: nil).kind == .binary)
        #expect(BodyFormatter.format(Data("hello".utf8), contentType: "application/x-unknown").kind == .text)
        #expect(BodyFormatter.format(Data([0x00, 0x01]), contentType: "application/x-unknown").kind == .binary)
    }

    @Test func emptyBody() {
        let body = BodyFormatter.format(Data(), contentType: "application/json")
        #expect(body.kind == .empty)
        #expect(texts(body) == ["(empty body)"])
    }

    @Test func contentTypeParsing() {
        let type = ContentType(#"Application/JSON ; Charset="UTF-8"; q=1"#)
        #expect(type.mediaType == "application/json")
        #expect(type.charset == "utf-8")
        #expect(type.parameters["q"] == "1")
        #expect(type.type == "application" && type.subtype == "json")
    }

    @Test func ansiRenderingOfBodyLines() {
        let body = BodyFormatter.format(Data(#"<a href="x">t</a>"#.utf8), contentType: "text/xml")
        #expect(ANSIStyle.standard.render(body.lines) ==
            "\u{1B}[34m<a\u{1B}[0m \u{1B}[36mhref\u{1B}[0m\u{1B}[34m=\u{1B}[0m\u{1B}[32m\"x\"\u{1B}[0m\u{1B}[34m>\u{1B}[0mt\u{1B}[34m</a\u{1B}[0m\u{1B}[34m>\u{1B}[0m")
    }
}
