import Foundation
import Testing
import TestSupport

/// `--theme` and `APIEXPLORER_THEME` fail before the screen opens when the theme cannot be used.
@Suite struct ThemeCLITests {
    @Test func anUnknownThemeOrUnreadableFileIsAnErrorNamingIt() async throws {
        let unknown = try await CLIRunner.run(["--collections", CLIRunner.bundledCollections, "--no-history", "--theme", "nope"],
                                              environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("--theme: no theme 'nope'; themes: dark, light, high-contrast, 16-color, or a theme file's path"), "\(unknown.stderr)")
        let fromEnvironment = try await CLIRunner.run(["--collections", CLIRunner.bundledCollections, "--no-history"],
                                                      environment: ["XDG_CONFIG_HOME": "/nonexistent", "APIEXPLORER_THEME": "solarised"])
        #expect(fromEnvironment.status == 1 && fromEnvironment.stderr.contains("APIEXPLORER_THEME: no theme 'solarised'"), "\(fromEnvironment.stderr)")
        let temp = try TempDirectory()
        try temp.write("broken.yaml", "styles: [\n")
        let broken = try await CLIRunner.run(["--collections", CLIRunner.bundledCollections, "--no-history", "--theme", temp.path + "/broken.yaml"])
        #expect(broken.status == 1 && broken.stderr.contains(temp.path + "/broken.yaml:2:"), "\(broken.stderr)")
        let missing = try await CLIRunner.run(["--collections", CLIRunner.bundledCollections, "--no-history", "--theme", "/nonexistent/t.yaml"])
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/t.yaml: cannot read the theme file"), "\(missing.stderr)")
    }
}
