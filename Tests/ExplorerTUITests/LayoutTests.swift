import ExplorerTUI
import Testing

@Suite struct LayoutTests {
    @Test func verticalSplitWithLengthAndFill() {
        let rects = Layout.vertical([.length(1), .fill(1), .length(1)]).split(Rect(x: 0, y: 0, width: 80, height: 24))
        #expect(rects == [
            Rect(x: 0, y: 0, width: 80, height: 1),
            Rect(x: 0, y: 1, width: 80, height: 22),
            Rect(x: 0, y: 23, width: 80, height: 1),
        ])
    }

    @Test func horizontalSplitWithPercentagesAndSpacing() {
        let rects = Layout.horizontal([.percentage(30), .fill(1)], spacing: 1).split(Rect(x: 2, y: 3, width: 41, height: 5))
        #expect(rects == [Rect(x: 2, y: 3, width: 12, height: 5), Rect(x: 15, y: 3, width: 28, height: 5)])
    }

    @Test func fillsShareByWeightAndCoverTheRect() {
        let sizes = Layout.sizes(for: [.fill(1), .fill(2), .length(3)], total: 13)
        #expect(sizes == [3, 7, 3])
    }

    @Test func tinyTerminalShrinksLaterSegmentsToZero() {
        let rects = Layout.vertical([.length(3), .length(3), .fill(1), .length(1)]).split(Rect(x: 0, y: 0, width: 10, height: 4))
        #expect(rects.map(\.height) == [3, 1, 0, 0])
        #expect(rects.allSatisfy { $0.y >= 0 && $0.bottom <= 4 })
    }

    @Test func innerRectClampsInsteadOfGoingNegative() {
        #expect(Rect(x: 1, y: 1, width: 10, height: 5).inner == Rect(x: 2, y: 2, width: 8, height: 3))
        let tiny = Rect(x: 5, y: 5, width: 1, height: 2).inner
        #expect(tiny.isEmpty)
        #expect(tiny.x >= 5 && tiny.y >= 5)
    }

    @Test func centeredAndIntersection() {
        let parent = Rect(x: 0, y: 0, width: 20, height: 10)
        #expect(parent.centered(width: 10, height: 4) == Rect(x: 5, y: 3, width: 10, height: 4))
        #expect(parent.centered(width: 30, height: 40) == parent)
        #expect(parent.intersection(Rect(x: 15, y: 8, width: 10, height: 10)) == Rect(x: 15, y: 8, width: 5, height: 2))
        #expect(parent.intersection(Rect(x: 30, y: 30, width: 2, height: 2)).isEmpty)
    }
}
