import ExplorerCore
import ExplorerWorkspace
import Foundation
import Testing

@Suite("Config precedence: flag > environment variable > file > default (issue 31)")
struct ResolvedConfigTests {
    static let file = ConfigLoader.parse("""
        mouse: false
        pager: most
        editor: nano
        clipboard: xsel
        history:
          enabled: false
          path: /tmp/from-file.sqlite
          maxAge: 12h
          largeBodies: skip
        response: {wrap: true}
        """, file: "config.yaml")

    @Test func defaultsWhenNothingIsSet() {
        let resolved = ResolvedConfig(file: ConfigFile(path: "none"), environment: ["HOME": "/h"])
        #expect(resolved.mouse && resolved.pager == "less -R" && resolved.editor == "vi" && resolved.clipboard == nil)
        #expect(resolved.historyEnabled && resolved.historyPath == "/h/.local/state/apiexplorer/history.sqlite")
        #expect(resolved.historyMaxAge == HistoryAge("90d") && resolved.historyLargeBodies == .truncate)
        #expect(resolved.theme == .named("dark") && resolved.keymapPreset == "vim" && resolved.cookiesEnabled && !resolved.responseWrap)
        #expect(resolved.entries.allSatisfy { $0.origin == .byDefault }, "\(resolved.entries)")
    }

    @Test func theFileBeatsDefaults() {
        let resolved = ResolvedConfig(file: Self.file, environment: ["HOME": "/h"])
        #expect(!resolved.mouse && resolved.entry("mouse")?.origin == .file(line: 1))
        #expect(resolved.pager == "most" && resolved.entry("pager")?.origin == .file(line: 2))
        #expect(resolved.editor == "nano" && resolved.clipboard == "xsel")
        #expect(!resolved.historyEnabled && resolved.entry("history.enabled")?.origin == .file(line: 6))
        #expect(resolved.historyMaxAge == HistoryAge("12h") && resolved.historyLargeBodies == .skip && resolved.responseWrap)
    }

    @Test func environmentVariablesBeatTheFile() {
        let environment = ["APIEXPLORER_MOUSE": "on", "PAGER": "less", "EDITOR": "vim", "APIEXPLORER_CLIPBOARD": "osc52",
                           "APIEXPLORER_HISTORY": "/tmp/env.sqlite", "APIEXPLORER_HISTORY_MAX_AGE": "2w",
                           "APIEXPLORER_HISTORY_LARGE_BODIES": "truncate"]
        let resolved = ResolvedConfig(file: Self.file, environment: environment)
        #expect(resolved.mouse && resolved.entry("mouse")?.origin == .environment("APIEXPLORER_MOUSE"))
        #expect(resolved.pager == "less" && resolved.entry("pager")?.origin.description == "env PAGER")
        #expect(resolved.editor == "vim" && resolved.entry("editor")?.origin == .environment("EDITOR"))
        #expect(resolved.clipboard == "osc52")
        #expect(resolved.historyEnabled && resolved.historyPath == "/tmp/env.sqlite")
        #expect(resolved.entry("history.path")?.origin == .environment("APIEXPLORER_HISTORY"))
        #expect(resolved.historyMaxAge == HistoryAge("2w") && resolved.historyLargeBodies == .truncate)
        #expect(resolved.environmentDefaults(for: environment).isEmpty, "a variable the user set is never replaced by the file's value")
    }

    @Test func flagsBeatEnvironmentVariables() {
        let environment = ["APIEXPLORER_MOUSE": "on", "APIEXPLORER_HISTORY": "/tmp/env.sqlite"]
        let noHistory = ResolvedConfig(file: Self.file, environment: environment, flags: ConfigFlags(noMouse: true, noHistory: true))
        #expect(!noHistory.mouse && noHistory.entry("mouse")?.origin.description == "flag --no-mouse")
        #expect(!noHistory.historyEnabled && noHistory.entry("history.enabled")?.origin == .flag("--no-history"))
        let file = ResolvedConfig(file: Self.file, environment: environment, flags: ConfigFlags(historyFile: "/tmp/flag.sqlite"))
        #expect(file.historyEnabled && file.historyPath == "/tmp/flag.sqlite" && file.entry("history.path")?.origin == .flag("--history"))
    }

    @Test func theFilesValuesBecomeTheVariablesTheReadersAlreadyUseOnlyWhereUnset() {
        let defaults = ResolvedConfig(file: Self.file, environment: [:]).environmentDefaults(for: ["VISUAL": " "])
        #expect(defaults == ["APIEXPLORER_HISTORY": "off", "APIEXPLORER_HISTORY_MAX_AGE": "12h", "APIEXPLORER_HISTORY_LARGE_BODIES": "skip",
                             "APIEXPLORER_CLIPBOARD": "xsel", "PAGER": "most", "VISUAL": "nano", "APIEXPLORER_MOUSE": "off"])
        let onlyPath = ConfigLoader.parse("history: {path: /tmp/p.sqlite}\n", file: "c.yaml")
        #expect(ResolvedConfig(file: onlyPath, environment: [:]).environmentDefaults(for: [:]) == ["APIEXPLORER_HISTORY": "/tmp/p.sqlite"])
        #expect(ResolvedConfig(file: Self.file, environment: [:]).environmentDefaults(for: ["EDITOR": "vim"])["VISUAL"] == nil)
    }
}
