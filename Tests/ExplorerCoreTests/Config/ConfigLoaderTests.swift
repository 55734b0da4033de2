import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

@Suite("The config file: every key, warnings with positions (issue 31)")
struct ConfigLoaderTests {
    @Test func everyKeyIsRead() throws {
        let temp = try TempDirectory()
        try temp.write("themes/mine.yaml", "name: mine\n")
        let text = """
            theme: themes/mine.yaml
            keymap:
              preset: emacs
              tree: {new: "a"}
              global:
                quit: [q, Ctrl-Q]
            layout: {stack: always, split: 40}
            environments:
              Demo: staging
            mouse: false
            clipboard: osc52
            pager: most
            editor: nano -w
            history: {enabled: true, path: /tmp/h.sqlite, maxAge: 12h, largeBodies: skip}
            cookies: {enabled: false}
            response: {pretty: format, wrap: true, lineNumbers: false}
            """
        let config = ConfigLoader.parse(text, file: temp.path + "/config.yaml")
        #expect(config.problems == [])
        #expect(config.theme?.value == temp.path + "/themes/mine.yaml" && config.theme?.location.line == 1)
        #expect(config.keymapPreset?.value == "emacs")
        #expect(config.keymapOverrides.map(\.mode) == ["tree", "global"])
        #expect(config.keymapOverrides.map(\.action) == ["new", "quit"])
        #expect(config.keymapOverrides.map { $0.keys.map(\.value) } == [["a"], ["q", "Ctrl-Q"]])
        #expect(config.keymapOverrides[0].location.line == 4 && config.keymapOverrides[1].keys[1].location.line == 6)
        #expect(config.layoutStack?.value == .always && config.layoutSplit?.value == 40)
        #expect(config.environments.map(\.collection) == ["Demo"] && config.environments.first?.environment.value == "staging")
        #expect(config.environment(forCollection: "Other", slug: "Demo")?.value == "staging", "a collection found by its slug")
        #expect(config.mouse?.value == false && config.mouse?.location.line == 10)
        #expect(config.clipboard?.value == "osc52" && config.pager?.value == "most" && config.editor?.value == "nano -w")
        #expect(config.historyEnabled?.value == true && config.historyPath?.value == "/tmp/h.sqlite")
        #expect(config.historyMaxAge?.value == HistoryAge("12h") && config.historyLargeBodies?.value == .skip)
        #expect(config.cookiesEnabled?.value == false)
        #expect(config.responsePretty?.value == .format && config.responseWrap?.value == true && config.responseLineNumbers?.value == false)
    }

    @Test func unknownKeysAndBadValuesAreWarningsWithPositionsAndTheRestApplies() {
        let text = """
            them: light
            mouse: sometimes
            pager: less
            layout:
              split: 95
              stak: always
            history:
              maxAge: forever
              largeBodies: drop
            response:
              pretty: fancy
            keymap:
              preset: vi
            theme: no-such-theme
            """
        let config = ConfigLoader.parse(text, file: "config.yaml")
        let lines = config.problems.map(\.description)
        #expect(lines.contains { $0.hasPrefix("config.yaml:1:1: warning: unknown key \"them\"") && $0.contains("(did you mean \"theme\"?)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:2:8: warning: mouse must be true or false, found \"sometimes\"") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:5:10: warning: layout.split must be a whole number from 10 to 90") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:6:3: warning: unknown key \"stak\"") && $0.contains("did you mean \"stack\"") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:8:11: warning: history.maxAge \"forever\" is not an age") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:9:16: warning: history.largeBodies \"drop\" is not one of: truncate, skip") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:11:11: warning: response.pretty \"fancy\"") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:13:11: warning: keymap.preset \"vi\"") && $0.contains("did you mean \"vim\"") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("config.yaml:14:8: warning: theme \"no-such-theme\" is neither") }, "\(lines)")
        #expect(config.problems.count == 9, "\(lines)")
        #expect(config.pager?.value == "less", "the good value still applies")
        #expect(config.mouse == nil && config.layoutSplit == nil && config.theme == nil)
    }

    @Test func brokenYAMLIsOneErrorWithItsPosition() {
        let config = ConfigLoader.parse("mouse: true\nkeymap: [unclosed\n", file: "c.yaml")
        #expect(config.problems.count == 1)
        #expect(config.problems.first?.location.line == 3 || config.problems.first?.location.line == 2, "\(config.problems)")
        // The whole file is unread: an error, which stops a command, not a warning it goes on after.
        #expect(config.problems.first?.isWarning == false)
    }

    @Test func aBuiltInThemeIsReadInTheSpellingsTheFlagTakes() {
        for (written, meant) in [("16-colour", "16-color"), ("Light", "light"), ("highcontrast", "high-contrast"), ("16", "16-color")] {
            let config = ConfigLoader.parse("theme: \(written)\n", file: "c.yaml")
            #expect(config.problems.isEmpty && config.theme?.value == meant, "\(written): \(config.problems)")
        }
    }

    @Test func aMissingFileIsAnEmptyConfigAndACommentOnlyFileIsToo() {
        let missing = ConfigLoader.load(path: "/nonexistent/apiexplorer/config.yaml")
        #expect(!missing.exists && missing.problems.isEmpty && missing.mouse == nil)
        let comments = ConfigLoader.parse("# nothing yet\n", file: "c.yaml")
        #expect(comments.exists && comments.problems.isEmpty)
    }

    @Test func theInitTemplateLoadsWithoutWarnings() {
        let config = ConfigLoader.parse(ConfigTemplate.text, file: "config.yaml")
        #expect(config.problems == [], "\(config.problems.map(\.description))")
        #expect(config.theme?.value == "dark" && config.keymapPreset?.value == "vim" && config.mouse?.value == true)
        for key in ConfigLoader.topKeys { #expect(ConfigTemplate.text.contains("\(key):"), "the template shows \(key)") }
    }

    @Test func theLocationIsFlagThenVariableThenXDGThenHome() {
        #expect(ConfigLocation(flag: "/a.yaml", environment: ["APIEXPLORER_CONFIG": "/b.yaml"]).path == "/a.yaml")
        let variable = ConfigLocation(flag: nil, environment: ["APIEXPLORER_CONFIG": "/b.yaml", "XDG_CONFIG_HOME": "/x"])
        #expect(variable.path == "/b.yaml" && variable.isExplicit && variable.origin == .environment("APIEXPLORER_CONFIG"))
        let xdg = ConfigLocation(flag: nil, environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
        #expect(xdg.path == "/x/apiexplorer/config.yaml" && !xdg.isExplicit)
        #expect(ConfigLocation(flag: nil, environment: ["HOME": "/h"]).path == "/h/.config/apiexplorer/config.yaml")
    }

    @Test func aConfigFileOverOneMegabyteIsNotReadAndSaysWhy() throws {
        let temp = try TempDirectory()
        // Valid YAML whose comments make it 2 MB: only its size is wrong with it.
        try temp.write("config.yaml", "theme: light\n" + String(repeating: "# padding padding padding padding\n", count: 64_000))
        let path = temp.path + "/config.yaml"
        let config = ConfigLoader.load(path: path)
        #expect(config.theme == nil, "nothing of it applies")
        let messages = config.problems.map(\.description)
        #expect(messages.count == 1 && messages.allSatisfy { $0.contains(path) && $0.contains("1.0 MB") }, "\(messages)")
    }
}
