import ExplorerTUI
import Testing

@Suite struct ColorDepthTests {
    @Test func terminalsReportTheirDepthByColourCount() {
        #expect(ColorDepth(colors: 8) == .basic)
        #expect(ColorDepth(colors: 16) == .ansi16)
        #expect(ColorDepth(colors: 256) == .palette256)
        #expect(ColorDepth(colors: 0x1000000) == .direct)
    }

    @Test func trueColourIsKeptOnDirectTerminalsAndDegradedElsewhere() {
        let orange = Color.rgb(255, 135, 0)
        #expect(orange.paletteIndex == 208)
        #expect(ColorDepth.direct.number(for: orange) == (0xFF8700, false))
        #expect(ColorDepth.palette256.number(for: orange) == (208, false))
        #expect(ColorDepth.ansi16.number(for: orange).number == 3)
        #expect(ColorDepth.basic.number(for: orange).number == 3)
        // Greys go to the grey ramp, not the cube.
        #expect(Color.rgb(128, 128, 128).paletteIndex == 244)
        #expect(ColorDepth.ansi16.number(for: .indexed(245)).number == 8)
    }

    @Test func ansiColoursKeepTheirNumbersAndBrightOnesBecomeBoldOnEightColours() {
        #expect(ColorDepth.direct.number(for: .red) == (1, false))
        #expect(ColorDepth.direct.number(for: .brightRed) == (0xFF0000, false))
        #expect(ColorDepth.palette256.number(for: .brightRed) == (9, false))
        #expect(ColorDepth.basic.number(for: .brightRed) == (1, true))
        #expect(ColorDepth.basic.number(for: nil) == (-1, false))
        #expect(ColorDepth.basic.number(for: .default) == (-1, false))
        // Pure black as a direct colour must not be read as ANSI colour 0-7.
        #expect(ColorDepth.direct.number(for: .rgb(0, 0, 1)).number >= 8)
    }
}
