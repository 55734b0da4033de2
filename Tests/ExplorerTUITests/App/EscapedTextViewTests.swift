import Testing
@testable import ExplorerTUI

@Suite("The response body shows text with escapes as text, the escapes visible")
struct EscapedTextViewTests {
    @Test func textWithAFewEscapesIsTextWithTheEscapesVisibleAndANULMakesItBinary() {
        let model = Fixtures.focusedOnResponse(Fixtures.summary("title \u{1B}]0;pwned\u{7} then \u{1B}[2J\u{1B}[31mred\u{1B}[0m", contentType: "text/plain"))
        let buffer = ExplorerView.render(model)
        #expect(buffer.lines.contains { $0.contains(#"title \u{1B}]0;pwned\u{7} then \u{1B}[2J"#) }, "\(buffer.lines)")
        #expect(!buffer.lines.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "no control reaches a cell")
        let nul = Fixtures.focusedOnResponse(Fixtures.summary("text\u{0}with a NUL", contentType: "text/plain"))
        #expect(ExplorerView.render(nul).lines.contains { $0.contains("(binary body: 15 bytes, text/plain)") }, "\(ExplorerView.render(nul).lines)")
    }
}
