import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Keymaps from the config file: presets, overrides, conflicts (issue 31)")
struct KeyMapConfigTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func overrides(_ yaml: String) -> [KeymapOverride] {
        let config = ConfigLoader.parse(yaml, file: "config.yaml")
        #expect(config.problems.isEmpty, "\(config.problems)")
        return config.keymapOverrides
    }

    @Test func theIssuesExampleRebindsNewRequestAndMovesTheKey() {
        let (map, problems) = KeyMap.configured(preset: nil, overrides: Self.overrides("keymap: {tree: {new: \"a\"}}\n"))
        #expect(problems.isEmpty, "\(problems)")
        #expect(map.action(for: .character("a"), focus: .tree) == .newRequest)
        #expect(map.action(for: .character("n"), focus: .tree) == nil, "the old key no longer fires the action")
        #expect(map.action(for: .character("n"), focus: .response) == .nextMatch, "other modes keep their n")
    }

    @Test func aListBindsSeveralKeysAndNamedKeysParse() {
        let (map, problems) = KeyMap.configured(preset: "vim", overrides: Self.overrides("""
            keymap:
              global:
                quit: [q, Ctrl-Q]
                help: F2
              response: {search: "Ctrl-F", pageDown: [PgDn, Space]}
              picker: {confirm: Enter}
            """))
        #expect(problems.isEmpty, "\(problems)")
        #expect(map.action(for: .control("q"), focus: .tree) == .quit && map.action(for: .character("q"), focus: .tree) == .quit)
        #expect(map.action(for: .control("c"), focus: .tree) == nil, "quit's second binding (Ctrl-C) moved too; .anywhere still interrupts")
        #expect(map.action(for: .function(2), focus: .request) == .help && map.action(for: .character("?"), focus: .request) == nil)
        #expect(map.action(for: .control("f"), focus: .response) == .search && map.action(for: .character("/"), focus: .response) == nil)
        #expect(map.action(for: .character(" "), focus: .response) == .pageDown)
        #expect(map.action(for: .control("j"), in: .picker) == nil && map.action(for: .enter, in: .picker) == .confirm)
    }

    @Test func aConflictIsReportedWithItsPositionAndTheDefaultKept() {
        let (map, problems) = KeyMap.configured(preset: nil, overrides: Self.overrides("""
            keymap:
              tree:
                new: d
                top: Home
            """))
        #expect(problems.count == 1)
        #expect(problems.first?.description.hasPrefix("config.yaml:3:10: warning: d is already deleteRequest in keymap.tree") == true, "\(problems)")
        #expect(map.action(for: .character("n"), focus: .tree) == .newRequest, "the default kept")
        #expect(map.action(for: .character("d"), focus: .tree) == .deleteRequest)
        #expect(map.action(for: .home, focus: .tree) == .top && map.action(for: .character("g"), focus: .tree) == nil, "the next override applies")
    }

    @Test func unknownModesActionsAndKeysAreWarningsWithPositions() {
        let (map, problems) = KeyMap.configured(preset: nil, overrides: Self.overrides("""
            keymap:
              tre: {new: a}
              tree: {nwe: a, newFolder: "Ctrl-Shift-X"}
            """))
        let lines = problems.map(\.description)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:2:3: warning: unknown keymap mode \"tre\" (did you mean \"tree\"?)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:3:10: warning: keymap.tree has no action \"nwe\"") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:3:29: warning: \"Ctrl-Shift-X\" is not a key") }, "\(lines)")
        #expect(map.action(for: .character("N"), focus: .tree) == .newFolder)
    }

    @Test func keysParseInTheSpellingsHelpPrints() {
        let cases: [(String, Key)] = [("a", .character("a")), ("A", .character("A")), ("Ctrl-P", .control("p")), ("ctrl-p", .control("p")),
                                      ("Alt-b", .alt("b")), ("Enter", .enter), ("Esc", .escape), ("Tab", .tab), ("Shift-Tab", .backTab),
                                      ("Space", .character(" ")), ("F1", .function(1)), ("PgDn", .pageDown), ("PgUp", .pageUp),
                                      ("Up", .up), ("↓", .down), ("Home", .home), ("End", .end), ("Del", .delete), ("?", .character("?"))]
        for (text, key) in cases { #expect(Key(configName: text) == key, "\(text)") }
        for key in cases.map(\.1) { #expect(Key(configName: key.label) == key, "\(key.label) reads back") }
        #expect(Key(configName: "Hyper-X") == nil && Key(configName: "F99") == nil)
    }

    @Test func theEmacsPresetMovesWithControlKeys() {
        let map = KeyMap.emacs
        #expect(map.action(for: .control("n"), focus: .tree) == .moveDown && map.action(for: .control("p"), focus: .tree) == .moveUp)
        #expect(map.action(for: .control("f"), focus: .tree) == .expand && map.action(for: .control("b"), focus: .tree) == .collapse)
        #expect(map.action(for: .control("s"), focus: .request) == .save && map.action(for: .control("s"), focus: .response) == .search)
        #expect(map.action(for: .character("j"), focus: .tree) == nil && map.action(for: .down, focus: .tree) == .moveDown)
        #expect(map.action(for: .control("n"), in: .environmentPicker) == .moveDown)
        #expect(map.historyAction(for: .control("v")) == .pageDown)
    }

    @Test func theArrowsPresetHasNoLetterNavigation() {
        let map = KeyMap.arrows
        for letter in "jkhlgG" {
            #expect(map.action(for: .character(letter), focus: .tree) == nil, "\(letter) in the tree")
            #expect(map.historyAction(for: .character(letter)).map { !$0.isMovement } ?? true, "\(letter) in history")
        }
        #expect(map.action(for: .down, focus: .tree) == .moveDown && map.action(for: .end, focus: .response) == .bottom)
        #expect(map.action(for: .character("n"), focus: .tree) == .newRequest, "commands keep their letters")
    }

    @Test func everyPresetHasNoKeyOnTwoActionsOfOneMode() {
        for name in ConfigLoader.presets {
            guard let map = KeyMap.preset(named: name) else {
                Issue.record("no preset \(name)")
                continue
            }
            for section in KeyMapSection.allCases {
                var seen: [Key: AppAction] = [:]
                for binding in map[section] {
                    for key in binding.keys {
                        #expect(seen[key] == nil || seen[key] == binding.action, "\(name) \(section.configName): \(key.label)")
                        seen[key] = binding.action
                    }
                }
            }
        }
    }

    @Test func thePickerHelpTitleNamesThePresetsListKeys() {
        let titles = { (map: KeyMap) in KeyHelp(map).sections.map(\.title).first { $0.hasPrefix("Pickers") } }
        #expect(titles(.standard) == "Pickers (method, body kind, folder; j/k move when not typing)")
        #expect(titles(.emacs) == "Pickers (method, body kind, folder; Ctrl-N/Ctrl-P move when not typing)")
        #expect(titles(.arrows) == "Pickers (method, body kind, folder)")
    }

    @Test func theHelpOverlayShowsTheEmacsPreset() {
        var model = Fixtures.model(width: 120, height: 60)
        model.keyMap = .emacs
        Fixtures.press([.character("?")], &model)
        assertSnapshot(ExplorerView.render(model), named: "help-emacs")
    }

    @Test func theHelpOverlayAndTheHintLineShowAnOverride() {
        var model = Fixtures.model(width: 120, height: 60)
        model.keyMap = KeyMap.configured(preset: nil, overrides: Self.overrides("keymap: {tree: {new: \"a\"}}\n")).map
        let hints = ExplorerView.render(model).lines.joined(separator: "\n")
        #expect(hints.contains("a new request") && !hints.contains("n new request"), "the bottom bar")
        Fixtures.press([.character("?")], &model)
        assertSnapshot(ExplorerView.render(model), named: "help-override-new-a")
    }

    @Test func theSchemaListsEveryModeAndEveryActionName() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Collections/config.schema.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let keymap = (root["properties"] as? [String: Any])?["keymap"] as? [String: Any]
        let modes = ((keymap?["properties"] as? [String: Any])?.keys).map { Set($0) } ?? []
        #expect(modes == Set(KeyMapSection.allCases.map(\.configName) + ["preset"]))
        let bindings = (root["$defs"] as? [String: Any])?["bindings"] as? [String: Any]
        let names = ((bindings?["propertyNames"] as? [String: Any])?["enum"] as? [String]).map { Set($0) } ?? []
        #expect(names == Set(AppAction.allCases.map(\.configName) + AppAction.configAliases.keys))
    }

    @Test func theReadmeActionTableIsTheGeneratedOne() throws {
        let readme = Self.root.appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = "<!-- actions: generated from KeyMap by KeyMapConfigTests; RECORD_SNAPSHOTS=1 rewrites it -->\n"
        let end = "<!-- /actions -->"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            Issue.record("README.md has no action table between \(begin) and \(end)")
            return
        }
        let generated = KeyMap.standard.configMarkdown
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1", String(text[start.upperBound..<stop.lowerBound]) != generated {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: generated).write(to: readme, atomically: true, encoding: .utf8)
            Issue.record("Rewrote README.md's action table; re-run without RECORD_SNAPSHOTS to verify")
            return
        }
        #expect(String(text[start.upperBound..<stop.lowerBound]) == generated, "README.md's action table differs: re-run with RECORD_SNAPSHOTS=1")
        #expect(generated.contains("- `tree`: ") && generated.contains("`newRequest` n"))
    }
}
