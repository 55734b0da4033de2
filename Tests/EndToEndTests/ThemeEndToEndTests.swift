import Foundation
import Testing
import TestSupport

/// Issue 31, themes, in the real binary: a custom theme file's colours reach the terminal, its mistakes are listed
/// with their line, `T` cycles live, and NO_COLOR still wins.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct ThemeEndToEndTests {
    @Test func aCustomThemeIsDrawnCycledAndOverriddenByNoColor() throws {
        let temp = try TempDirectory()
        try temp.write("C/T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n")
        try temp.write("C/T/a.yaml", "name: A\nurl: /a\n")
        try temp.write("config/apiexplorer/themes/mine.yaml", "name: mine\nbase: light\nstyles:\n  bar.key: {fg: white, bg: \"#ff0000\"}\n  oops: red\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let arguments = [binary.path, "--collections", temp.path + "/C", "--no-history", "--theme", "mine"]
        let environment = ["XDG_CONFIG_HOME": temp.path + "/config", "NO_COLOR": ""]
        let session = try TmuxSession(arguments: arguments, width: 100, height: 30, environment: environment)
        defer { session.kill() }
        try session.waitFor("env: local")
        // #ff0000 is palette entry 196 on tmux's 256-colour terminal.
        #expect(try session.captureWithEscapes().contains("48;5;196"), "the theme's bar colour is not drawn")
        try session.sendKeys("!")
        // The newest message is also on the status line, so wait for the list itself.
        let messages = try session.waitFor("Messages, newest first")
        #expect(messages.contains("mine.yaml:5:") && messages.contains("unknown role 'oops'"), "\(messages)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("Messages, newest first")
        try session.sendKeys("T")
        try session.waitFor("Theme: dark (1 of 5")
        #expect(try !session.captureWithEscapes().contains("48;5;196"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)

        try session.respawn(arguments, environment: ["XDG_CONFIG_HOME": temp.path + "/config", "NO_COLOR": "1"])
        let plain = try session.waitFor("env: local")
        #expect(try !session.captureWithEscapes().contains("48;5;"), "NO_COLOR should draw without colours:\n\(plain)")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theConfigFilesThemeIsUsedAndTheVariableWinsOverIt() throws {
        let temp = try TempDirectory()
        try temp.write("C/T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:9\n")
        try temp.write("config/apiexplorer/config.yaml", "theme: mine\n")
        try temp.write("config/apiexplorer/themes/mine.yaml", "base: light\nstyles:\n  bar.key: {bg: \"#ff0000\"}\n")
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let arguments = [binary.path, "--collections", temp.path + "/C", "--no-history"]
        let session = try TmuxSession(arguments: arguments, width: 100, height: 30,
                                      environment: ["XDG_CONFIG_HOME": temp.path + "/config", "NO_COLOR": "", "APIEXPLORER_THEME": ""])
        defer { session.kill() }
        try session.waitFor("env: local")
        #expect(try session.captureWithEscapes().contains("48;5;196"), "the config file's custom theme is not drawn")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        try session.respawn(arguments, environment: ["XDG_CONFIG_HOME": temp.path + "/config", "NO_COLOR": "", "APIEXPLORER_THEME": "light"])
        try session.waitFor("env: local")
        let light = try session.captureWithEscapes()
        // light's bar is white on palette entry 25.
        #expect(!light.contains("48;5;196") && light.contains("48;5;25"), "APIEXPLORER_THEME should win over the file")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        // A config file elsewhere names a theme in the themes/ beside it, not in the default directory.
        try temp.write("elsewhere/c.yaml", "theme: other\n")
        try temp.write("elsewhere/themes/other.yaml", "base: dark\nstyles:\n  bar.key: {bg: \"#00ff00\"}\n")
        try session.respawn(arguments + ["--config", temp.path + "/elsewhere/c.yaml"],
                            environment: ["XDG_CONFIG_HOME": temp.path + "/config", "NO_COLOR": "", "APIEXPLORER_THEME": ""])
        try session.waitFor("env: local")
        #expect(try session.captureWithEscapes().contains("48;5;46"), "the theme beside --config's file is not drawn")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
