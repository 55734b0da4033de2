import Foundation
import Testing
import TestSupport

/// Issue 30 (cookies) in the real binary: a response's cookie lands in the jar on disk, Ctrl-K shows it masked, d
/// deletes it, and the file no longer has it after the explorer quits.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct CookiesEndToEndTests {
    @Test func theCookiesViewShowsAndDeletesACookieAResponseSet() throws {
        let server = try FaultServer(routes: [
            "/login": .respond(status: 200, headers: ["Set-Cookie: remember=r-77Qx; Path=/; Max-Age=3600"], body: "in"),
        ])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("T/login.yaml", "name: Login\nurl: /login\n")
        let state = temp.path + "/state"
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let session = try TmuxSession(arguments: [binary.path, "--collections", temp.path, "--no-history"], width: 100, height: 24,
                                      environment: ["APIEXPLORER_STATE_DIR": state])
        defer { session.kill() }
        try session.waitFor("env: local")
        try session.sendKeys("j")
        try session.waitFor("/login")
        try session.sendKeys("Enter")
        try session.waitFor("200")
        try session.sendKeys("C-k")
        let view = try session.waitFor("remember=••••••")
        #expect(view.contains("Cookies: T · local") && !view.contains("r-77Qx"), "\(view)")
        try session.sendKeys("R")
        try session.waitFor("remember=r-77Qx")
        try session.sendKeys("d")
        try session.waitFor("No cookies in this jar.")
        try session.sendKeys("Escape")
        try session.waitUntilGone("No cookies in this jar.")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let folders = try FileManager.default.contentsOfDirectory(atPath: state + "/cookies")
        let file = state + "/cookies/" + (folders.first ?? "") + "/local.txt"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("# Netscape HTTP Cookie File") && !text.contains("remember"), "\(text)")
    }
}
