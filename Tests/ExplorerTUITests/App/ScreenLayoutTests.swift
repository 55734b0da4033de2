import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("Layout: stacked under 100 columns or by setting, the split moved by keys and by dragging")
struct ScreenLayoutTests {
    @Test func underAHundredColumnsThePanesStackTreeRequestResponse() {
        let layout = ScreenLayout(width: 80, height: 24)
        #expect(layout.isStacked)
        #expect(layout.tree == Rect(x: 0, y: 1, width: 80, height: 6))
        #expect(layout.request.y == layout.tree.bottom && layout.request.width == 80)
        #expect(layout.response.y == layout.request.bottom && layout.response.bottom == 23)
        #expect(!ScreenLayout(width: 99, height: 24, settings: LayoutSettings(stack: .auto)).tree.isEmpty)
        #expect(ScreenLayout(width: 99, height: 24).isStacked)
    }

    @Test func fromAHundredColumnsThePanesSitSideBySide() {
        let layout = ScreenLayout(width: 120, height: 40)
        #expect(!layout.isStacked)
        #expect(layout.tree == Rect(x: 0, y: 1, width: 36, height: 38))
        #expect(layout.request.x == 36 && layout.request.width == 84)
        #expect(layout.response.x == 36 && layout.response.y == layout.request.bottom)
        #expect(!ScreenLayout(width: 100, height: 24).isStacked)
    }

    @Test func alwaysAndNeverOverrideTheWidth() {
        let always = ScreenLayout(width: 160, height: 40, settings: LayoutSettings(stack: .always))
        #expect(always.isStacked && always.tree.width == 160 && always.request.y == always.tree.bottom)
        let never = ScreenLayout(width: 80, height: 24, settings: LayoutSettings(stack: .never))
        #expect(!never.isStacked && never.tree.width == 24 && never.request.x == 24)
    }

    @Test func theSplitIsAShareKeptBetweenTenAndNinetyPercent() {
        #expect(LayoutSettings(split: 5).split == 10)
        #expect(LayoutSettings(split: 95).split == 90)
        #expect(LayoutSettings(split: 50).split == 50)
        #expect(ScreenLayout(width: 120, height: 40, settings: LayoutSettings(split: 50)).tree.width == 60)
        // Side by side the panes keep 24 columns whatever the share.
        #expect(ScreenLayout(width: 100, height: 24, settings: LayoutSettings(split: 90)).tree.width == 76)
        // Stacked, the share is of the height; the panes below keep room for their borders.
        let stacked = ScreenLayout(width: 80, height: 24, settings: LayoutSettings(split: 50))
        #expect(stacked.tree.height == 11)
        #expect(ScreenLayout(width: 80, height: 24, settings: LayoutSettings(split: 90)).tree.height == 14)
        #expect(ScreenLayout(width: 120, height: 40).treeShare == 30)
    }

    @Test func angleBracketsMoveTheSplitAndAskForItToBeRemembered() {
        var model = Fixtures.model(width: 120, height: 40)
        var effects = Fixtures.press([.character(">")], &model)
        #expect(model.screen.arrangement.split == 35)
        #expect(model.screen.layout.tree.width == 42)
        #expect(effects.contains { if case .rememberSplit(35) = $0 { true } else { false } })
        effects = Fixtures.press(Array(repeating: .character("<"), count: 10), &model)
        #expect(model.screen.arrangement.split == 10)
        #expect(model.status?.contains("Tree: 10% of the width") == true)
        if case .rememberSplit(10)? = effects.last {} else { Issue.record("expected the split remembered, got \(effects)") }
    }

    @Test func draggingTheBorderMovesTheSplitWhereItIsLetGo() {
        var model = Fixtures.model(width: 120, height: 40)
        // A press inside the tree and a release elsewhere is not a drag.
        Fixtures.press([.mouse(MouseEvent(.click, x: 10, y: 5)), .mouse(MouseEvent(.release, x: 60, y: 5))], &model)
        #expect(model.screen.arrangement.split == nil && !model.screen.isDraggingSplit)
        // On the tree's right border (column 35), then let go at column 59: the tree is 60 columns, half the width.
        var effects = Fixtures.press([.mouse(MouseEvent(.click, x: 35, y: 10))], &model)
        #expect(model.screen.isDraggingSplit && effects.isEmpty)
        effects = Fixtures.press([.mouse(MouseEvent(.release, x: 59, y: 12))], &model)
        #expect(!model.screen.isDraggingSplit && model.screen.arrangement.split == 50)
        #expect(model.screen.layout.tree.width == 60)
        #expect(effects.contains { if case .rememberSplit(50) = $0 { true } else { false } })
        // Stacked, the border is the tree's bottom edge and the drag is up or down.
        var narrow = Fixtures.model(width: 80, height: 24, stack: .auto)
        let bottom = narrow.screen.layout.tree.bottom - 1
        Fixtures.press([.mouse(MouseEvent(.click, x: 30, y: bottom)), .mouse(MouseEvent(.release, x: 30, y: 11))], &narrow)
        #expect(narrow.screen.arrangement.split == 50)
        #expect(narrow.screen.layout.tree.bottom == 12)
    }

    @Test func stackedAtEightyColumnsTheTreeIsOnTopOfTheRequestAndResponse() {
        var model = Fixtures.model(width: 80, height: 24, stack: .auto)
        Fixtures.press([.character("j"), .right, .down], &model)
        assertSnapshot(ExplorerView.render(model), named: "stacked-80x24")
    }
}
