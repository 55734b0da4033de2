import ExplorerTUI
import Testing

@Suite struct StyleTests {
    @Test func patchOverridesSetColoursAndAccumulatesAttributes() {
        let base = Style(foreground: .white, background: .blue, attributes: .bold)
        let patched = base.patched(with: Style(foreground: .red, attributes: .underline))
        #expect(patched == Style(foreground: .red, background: .blue, attributes: [.bold, .underline]))
        #expect(base.patched(with: .plain) == base)
        var mutable = Style.plain
        mutable.patch(.reversed)
        #expect(mutable.attributes == .reverse)
        #expect(Style.plain.foreground(.cyan).adding(.italic) == Style(foreground: .cyan, attributes: .italic))
    }

    @Test func paletteIndices() {
        #expect(Color.default.paletteIndex == nil)
        #expect(Color.red.paletteIndex == 1)
        #expect(Color.brightWhite.paletteIndex == 15)
        #expect(Color.indexed(208).paletteIndex == 208)
    }

    @Test func styledLineWrittenFromLeftOfBufferStillReachesRightEdge() {
        var buffer = CellBuffer(width: 5, height: 1)
        let used = buffer.write(StyledLine([Span("ab", style: .bold), "cdefg"]), at: Position(x: -1, y: 0))
        #expect(used == 6)
        expectLines(buffer, ["bcdef"])
        #expect(buffer.cell(x: 0, y: 0)?.style == .bold)
        #expect(buffer.cell(x: 1, y: 0)?.style == .plain)
    }
}
