@testable import ExplorerTUI
import Foundation
import Testing

@Suite struct ThemeFileTests {
    @Test func aThemeFileOverOneMegabyteIsNotRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("theme-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge.yaml").path
        try ("name: huge\nbase: light\n" + String(repeating: "# padding padding padding padding\n", count: 64_000)).write(toFile: path, atomically: true, encoding: .utf8)
        do {
            let theme = try ThemeFile.load(path: path)
            Issue.record("a 2 MB theme was read: \(theme.palette.name)")
        } catch {
            #expect(error.description.hasPrefix(path) && error.description.contains("1.0 MB"), "\(error.description)")
        }
    }

    @Test func rolesTakeColoursNamesNumbersAndHexInGroupsOrDotted() throws {
        let theme = try ThemeFile.parse("""
        name: solar
        base: light
        styles:
          selection: {background: "#073642", bold: false, underline: true}
          method:
            get: brightGreen
            post: "#b58900"
          json.key: {fg: 75, italic: true}
          status: {2xx: {bg: "#0f0", fg: black}}
          lineNumber: grey
        """, file: "solar.yaml")
        #expect(theme.problems == [])
        let palette = theme.palette
        #expect(palette.name == "solar")
        #expect(palette.selection == Style(background: .rgb(0x07, 0x36, 0x42), attributes: .underline))
        #expect(palette.methodGet == Style(foreground: .brightGreen, attributes: .bold))
        #expect(palette.methodPost == Style(foreground: .rgb(0xB5, 0x89, 0x00), attributes: .bold))
        #expect(palette.jsonKey == Style(foreground: .indexed(75), attributes: [.bold, .italic]))
        #expect(palette.status2xx == Style(foreground: .black, background: .rgb(0, 255, 0), attributes: .bold))
        #expect(palette.lineNumber == Style(foreground: .brightBlack))
        // Roles not named keep the base's style.
        #expect(palette.error == ThemePalette.light.error)
    }

    @Test func badRolesColoursAndKeysAreReportedWithLineAndColumnAndTheRestApplies() throws {
        let theme = try ThemeFile.parse("""
        base: midnight
        colours: {}
        styles:
          selection: purpleish
          method: {gett: red, delete: {fg: 300, blink: true}}
          error: {bold: maybe}
          json.key: blue
        """, file: "/t/bad.yaml")
        let messages = theme.problems.map(\.description)
        #expect(messages.count == 7, "\(messages)")
        #expect(messages.contains("/t/bad.yaml:1:7: unknown base theme 'midnight'; expected one of: dark, light, high-contrast, 16-color; using dark"))
        #expect(messages.contains("/t/bad.yaml:2:1: unknown key 'colours'; expected one of: name, base, styles"))
        #expect(messages.contains { $0.hasPrefix("/t/bad.yaml:4:14: 'purpleish' for selection is not a colour name") })
        #expect(messages.contains { $0.hasPrefix("/t/bad.yaml:5:12: unknown role 'method.gett'") })
        #expect(messages.contains { $0.hasPrefix("/t/bad.yaml:5:36: '300' for method.delete.fg is not") })
        #expect(messages.contains { $0.hasPrefix("/t/bad.yaml:5:41: unknown key 'blink' in method.delete") })
        #expect(messages.contains("/t/bad.yaml:6:17: expected true or false for error.bold"))
        #expect(theme.palette.name == "bad")
        #expect(theme.palette.jsonKey == Style(foreground: .blue, attributes: .bold))
        #expect(theme.palette.selection == ThemePalette.dark.selection)
    }

    @Test func aFileThatIsNotAMappingOrNotYAMLOrMissingIsAnError() {
        #expect(throws: ThemeFileProblem.self) { try ThemeFile.parse("- a\n- b\n", file: "list.yaml") }
        #expect(throws: ThemeFileProblem.self) { try ThemeFile.parse("styles: [\n", file: "broken.yaml") }
        do {
            _ = try ThemeFile.load(path: "/nonexistent/theme.yaml")
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.description == "/nonexistent/theme.yaml: cannot read the theme file")
        }
    }

    @Test func theREADMEsExampleThemeLoadsWithoutProblems() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "```yaml\n  name: solarized"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let block = text[text.index(start.lowerBound, offsetBy: 8)..<end.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }
        let theme = try ThemeFile.parse(block.joined(separator: "\n"), file: "README.md")
        #expect(theme.problems == [])
        #expect(theme.palette.name == "solarized" && theme.palette.methodPost.foreground == .rgb(0xB5, 0x89, 0x00))
    }
}
