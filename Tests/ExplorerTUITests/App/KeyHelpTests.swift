import ExplorerTUI
import Foundation
import Testing

@Suite("Help generated from the key map, and the README's key list (issue 26.11)")
struct KeyHelpTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    static let begin = "<!-- keys: generated from KeyMap by KeyHelpTests; RECORD_SNAPSHOTS=1 rewrites it -->\n"
    static let end = "<!-- /keys -->"

    @Test func theReadmeKeyListIsTheGeneratedHelp() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        guard let start = text.range(of: Self.begin), let stop = text.range(of: Self.end, range: start.upperBound..<text.endIndex) else {
            Issue.record("README.md has no generated key list between \(Self.begin) and \(Self.end)")
            return
        }
        let generated = KeyHelp(.standard).markdown
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1", String(text[start.upperBound..<stop.lowerBound]) != generated {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: generated).write(to: Self.readme, atomically: true, encoding: .utf8)
            Issue.record("Rewrote README.md's key list; re-run without RECORD_SNAPSHOTS to verify")
            return
        }
        #expect(String(text[start.upperBound..<stop.lowerBound]) == generated, "README.md's key list differs from KeyMap: re-run with RECORD_SNAPSHOTS=1")
    }

    @Test func everyBindingOfEveryPaneOverlayAndFieldIsInTheHelp() {
        let keyMap = KeyMap.standard
        let listed = Set(KeyHelp(keyMap).sections.flatMap(\.entries).map(\.label))
        var bindings = keyMap.global + keyMap.table + keyMap.history + keyMap.tabs.values.flatMap { $0 } + keyMap.panes.values.flatMap { $0 }
        for mode in KeyMode.allCases where ![.anywhere, .terminalCheck, .help, .pickerList].contains(mode) {
            bindings += keyMap.modes[mode] ?? []
        }
        for binding in bindings { #expect(listed.contains(binding.help), "\(binding.help) is in the help") }
        #expect(listed.contains("export the request as code (curl, Python, Go…)") && listed.contains("copy what is shown"),
                "the export overlay's keys are listed too")
        let response = KeyHelp(keyMap).sections.first { $0.title == "Response" }?.entries.map(\.label) ?? []
        #expect(response.contains("next tab: Stream, Body, Headers, Checks, Cookies, Trace"))
    }

    @Test func tabsChangeWithTheSameKeysInTheRequestAndTheResponse() {
        let keyMap = KeyMap.standard
        for action in [AppAction.nextTab, .previousTab] {
            let request = keyMap.panes[.request]?.first { $0.action == action }?.keys ?? []
            let response = keyMap.panes[.response]?.first { $0.action == action }?.keys ?? []
            #expect(!request.isEmpty && request == response, "\(action): \(request) in the request pane, \(response) in the response")
        }
        // l scrolls sideways in the response; in the request pane it no longer changes the tab.
        #expect(keyMap.action(for: .character("l"), focus: .request, tab: .params, isTable: true) == nil)
        #expect(keyMap.action(for: .character("l"), focus: .response) == .scrollRight)
    }
}
