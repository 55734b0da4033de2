@testable import ScreenSVG
import Testing

/// The SVG written for small screens, read back as XML: the page, background rects, text runs and shapes.
@Suite struct SVGScreenRendererTests {
    /// The picture of `text` (with escapes), read back; `columns` fixes the width.
    private func picture(_ text: String, columns: Int? = nil) throws -> SVGElements {
        let grid = ANSIScreenParser(columns: columns, rows: nil).parse(text)
        return try SVGElements(SVGScreenRenderer().render(grid))
    }

    /// The rects that paint cells, without the page behind them.
    private func cellRects(_ svg: SVGElements) -> [[String: String]] {
        svg.named("rect").map(\.attributes).filter { $0["width"] != "100%" }
    }

    @Test func thePageIsSizedToTheGridAndDark() throws {
        let svg = try picture("ab\ncd", columns: 10)
        let root = try #require(svg.all.first)
        // 14 of padding each side, 8.4 per column and 18 per row.
        #expect(root.name == "svg" && root.attributes["width"] == "112" && root.attributes["height"] == "64")
        #expect(root.attributes["viewBox"] == "0 0 112 64")
        #expect(root.attributes["font-family"]?.hasSuffix("monospace") == true)
        #expect(svg.named("rect").first?.attributes["fill"] == "#1e1e1e")
    }

    @Test func eachRunOfOneStyleIsOneText() throws {
        let texts = try picture("\u{1B}[31mab \u{1B}[1mcd\u{1B}[0m ef").named("text")
        #expect(texts.map(\.text) == ["ab", "cd", "ef"])
        #expect(texts.map { $0.attributes["fill"] } == ["#cd3131", "#cd3131", "#cccccc"])
        #expect(texts.map { $0.attributes["font-weight"] } == [nil, "bold", nil])
        #expect(texts[0].attributes["x"] == "14 22.4")
        #expect(texts[2].attributes["x"] == "64.4 72.8")
    }

    @Test func blanksInsideARunStayInItsTextWithTheirPlaces() throws {
        let texts = try picture("  Get user  ").named("text")
        #expect(texts.map(\.text) == ["Get user"])
        #expect(texts[0].attributes["x"]?.split(separator: " ").count == 8)
        #expect(texts[0].attributes["x"]?.hasPrefix("30.8 ") == true)
    }

    @Test func textIsEscapedForXML() throws {
        let raw = SVGScreenRenderer().render(ANSIScreenParser().parse("<a href=\"x\">&'"))
        #expect(!raw.contains("<a ") && raw.contains("&lt;a href=&quot;x&quot;&gt;&amp;&apos;"))
        #expect(try SVGElements(raw).named("text").map(\.text) == ["<a href=\"x\">&'"])
    }

    @Test func eachRunOfOneBackgroundIsOneRect() throws {
        let rects = cellRects(try picture("\u{1B}[44m   \u{1B}[42m  \u{1B}[0m x"))
        #expect(rects.map { $0["fill"] } == ["#2472c8", "#0dbc79"])
        #expect(rects.map { $0["x"] } == ["14", "39.2"])
        #expect(rects.map { $0["width"] } == ["25.2", "16.8"])
        #expect(rects.allSatisfy { $0["y"] == "14" && $0["height"] == "18" })
    }

    @Test func reverseSwapsTheColoursDefaultsIncluded() throws {
        let svg = try picture("\u{1B}[7mA\u{1B}[27m \u{1B}[7;32;45mB")
        #expect(cellRects(svg).map { $0["fill"] } == ["#cccccc", "#0dbc79"])
        #expect(svg.named("text").map { $0.attributes["fill"] } == ["#1e1e1e", "#bc3fbc"])
    }

    @Test func paletteAndTrueColoursArePainted() throws {
        let texts = try picture("\u{1B}[38;5;208mo\u{1B}[38;5;244mg\u{1B}[38;2;1;2;254mt").named("text")
        #expect(texts.map { $0.attributes["fill"] } == ["#ff8700", "#808080", "#0102fe"])
    }

    @Test func boxDrawingIsDrawnAsOnePathNotText() throws {
        let svg = try picture("\u{1B}[38;5;245m┌─┐\n└─┘")
        #expect(svg.named("text").isEmpty)
        let paths = svg.named("path")
        #expect(paths.count == 1)
        #expect(paths.first?.attributes["stroke"] == "#8a8a8a" && paths.first?.attributes["fill"] == "none")
        // Corners have two arms, straight lines one segment: 2 + 1 + 2 on each row.
        #expect(paths.first?.attributes["d"]?.filter { $0 == "M" }.count == 10)
        #expect(paths.first?.attributes["d"]?.hasPrefix("M18.2 23H22.4M18.2 23V32") == true)
    }

    @Test func blockElementsFillTheirShareOfTheCell() throws {
        let paths = try picture("▄█").named("path")
        #expect(paths.map { $0.attributes["d"] } == ["M14 23h8.4v9h-8.4zM22.4 14h8.4v18h-8.4z"])
        #expect(paths.first?.attributes["fill"] == "#cccccc")
    }

    @Test func aWideCharacterPushesTheNextOneTwoColumns() throws {
        let texts = try picture("世a").named("text")
        #expect(texts.map(\.text) == ["世a"])
        #expect(texts.first?.attributes["x"] == "14 30.8")
    }

    @Test func aGraphemeOfSeveralScalarsIsPlacedAlone() throws {
        let texts = try picture("ae\u{301}b").named("text")
        #expect(texts.map(\.text) == ["a", "e\u{301}", "b"])
        #expect(texts.map { $0.attributes["x"] } == ["14", "22.4", "30.8"])
    }

    @Test func underlinesAreLinesUnderTheirCells() throws {
        let svg = try picture("\u{1B}[4;33mab\u{1B}[24m c")
        #expect(cellRects(svg) == [["x": "14", "y": "29", "width": "16.8", "height": "1", "fill": "#e5e510"]])
    }

    @Test func hiddenTextIsNotDrawn() throws {
        #expect(try picture("\u{1B}[8msecret\u{1B}[28m ok").named("text").map(\.text) == ["ok"])
    }

    @Test(arguments: [(25.200000000000003, "25.2"), (14, "14"), (-8.4, "-8.4"), (0.05, "0.05"), (0.004, "0"), (100.5, "100.5")])
    func numbersAreShortAndStable(value: Double, expected: String) {
        #expect(SVGScreenRenderer.number(value) == expected)
    }
}
