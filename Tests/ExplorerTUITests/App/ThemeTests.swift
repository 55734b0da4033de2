import ExplorerCore
@testable import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite struct ThemeTests {
    /// One screen with the tree, a request, a JSON response and a status, as every theme draws it.
    private static func screen(theme name: String) throws -> CellBuffer {
        var model = Fixtures.focusedOnResponse(Fixtures.summary("{\"id\": 7, \"name\": \"Ada\", \"admin\": true, \"tags\": null}"))
        model.screen.theme = ThemeSelection(start: name)
        try #require(model.screen.theme.palette.name == name)
        return ExplorerView.render(model)
    }

    /// The config file checks `theme:` against ExplorerCore's list, which cannot see the palettes; the two must agree.
    @Test func theConfigFileKnowsEveryBuiltInTheme() {
        #expect(ThemePalette.builtIns.map(\.name) == ConfigLoader.themes)
    }

    @Test(arguments: ["dark", "light", "high-contrast", "16-color"])
    func everyBuiltInThemeDrawsTheSameScreenInItsOwnStyles(name: String) throws {
        assertSnapshot(text: StyleMap.text(try Self.screen(theme: name)), named: "theme-\(name)")
    }

    @Test func builtInThemesDifferAndTheSixteenColourOneUsesOnlyANSIColours() throws {
        let palettes = ThemePalette.builtIns
        #expect(palettes.map(\.name) == ["dark", "light", "high-contrast", "16-color"])
        #expect(Set(palettes.map { palette in ThemeRole.all.map { palette[keyPath: $0.keyPath] } }).count == palettes.count)
        var sixteen: [Color] = []
        for role in ThemeRole.all {
            let style = ThemePalette.sixteenColor[keyPath: role.keyPath]
            sixteen += [style.foreground, style.background].compactMap { $0 }
        }
        #expect(!sixteen.isEmpty)
        #expect(sixteen.allSatisfy { ($0.paletteIndex ?? 0) < 16 })
        // Dimmed text is what high contrast avoids.
        #expect(!ThemePalette.highContrast.dim.attributes.contains(.dim))
    }

    @Test func rolesAreNamedOnceAndCoverEveryStyleThePaletteHas() {
        let names = ThemeRole.all.map(\.name)
        #expect(Set(names).count == names.count)
        // Every role is reachable: changing each one changes the palette.
        for role in ThemeRole.all {
            var palette = ThemePalette.dark
            palette[keyPath: role.keyPath] = Style(foreground: .indexed(201), attributes: .italic)
            #expect(palette != ThemePalette.dark, "\(role.name)")
        }
        let mirror = Mirror(reflecting: ThemePalette.dark).children.filter { $0.value is Style }
        #expect(mirror.count == ThemeRole.all.count)
    }

    @Test func pressingTCyclesThemesLiveAndSaysWhichIsOn() {
        var model = Fixtures.model()
        let before = ExplorerView.render(model)
        Fixtures.press([.character("T")], &model)
        #expect(model.screen.theme.palette.name == "light")
        #expect(model.status?.hasPrefix("Theme: light (2 of 4") == true)
        let after = ExplorerView.render(model)
        // The top bar is drawn in the theme's bar style.
        #expect(before.cell(x: 0, y: 0)?.style == ThemePalette.dark.barKey)
        #expect(after.cell(x: 0, y: 0)?.style == ThemePalette.light.barKey)
        Fixtures.press([.character("T"), .character("T"), .character("T")], &model)
        #expect(model.screen.theme.palette.name == "dark")
    }

    @Test func aCustomThemeJoinsTheCycleAndOneWithABuiltInNameReplacesIt() {
        var mine = ThemePalette.dark
        mine.name = "mine"
        var ownLight = ThemePalette.light
        ownLight.selection = Style(background: .red)
        let selection = ThemeSelection(custom: [mine, ownLight], start: "mine")
        #expect(selection.available.map(\.name) == ["dark", "light", "high-contrast", "16-color", "mine"])
        #expect(selection.palette.name == "mine")
        #expect(selection.available[1].selection == Style(background: .red))
        #expect(ThemeSelection(start: "nope").palette.name == "dark")
    }

    @Test func renderingInParallelKeepsEachModelsTheme() async {
        var light = Fixtures.model()
        light.screen.theme = ThemeSelection(start: "light")
        let dark = Fixtures.model()
        let results = await withTaskGroup(of: (String, Style?).self) { group in
            for index in 0..<40 {
                let model = index.isMultiple(of: 2) ? light : dark
                group.addTask { (model.screen.theme.palette.name, ExplorerView.render(model).cell(x: 0, y: 0)?.style) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for (name, style) in results {
            #expect(style == (name == "light" ? ThemePalette.light.barKey : ThemePalette.dark.barKey))
        }
    }
}
