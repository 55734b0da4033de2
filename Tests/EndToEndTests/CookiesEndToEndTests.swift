import Foundation
import Testing
import TestSupport

/// Issue 30 (cookies) in the real binary: a cookie `send` kept is in the explorer's jar, a response's cookie joins it,
/// Ctrl-K shows them masked, d deletes one, and the file on disk agrees after the explorer quits.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct CookiesEndToEndTests {
    @Test func theCookiesViewShowsWhatSendAndTheExplorerKeptAndDeletesOne() throws {
        let server = try FaultServer(routes: [
            "/seed": .respond(status: 200, headers: ["Set-Cookie: seeded=s-55Kp; Path=/; Max-Age=3600"], body: "seeded"),
            "/login": .respond(status: 200, headers: ["Set-Cookie: remember=r-77Qx; Path=/; Max-Age=3600"], body: "in"),
        ])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("T/collection.yaml", "name: T\nenvironments:\n  - name: local\n    baseURL: \(server.baseURL.absoluteString)\n")
        try temp.write("T/login.yaml", "name: Login\nurl: /login\n")
        try temp.write("T/seed.yaml", "name: Seed\nurl: /seed\n")
        let state = temp.path + "/state"
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        // `send` in a process of its own first: its cookie must be in the explorer's jar.
        let send = Process()
        send.executableURL = binary
        send.arguments = ["send", "T/seed", "--collections", temp.path, "--no-history"]
        send.environment = HermeticEnvironment.applied(to: ProcessInfo.processInfo.environment).merging(["APIEXPLORER_STATE_DIR": state]) { $1 }
        send.standardOutput = FileHandle.nullDevice
        try send.run()
        send.waitUntilExit()
        #expect(send.terminationStatus == 0)

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
        #expect(view.contains("Cookies: T · local") && view.contains("seeded=••••••") && !view.contains("r-77Qx"), "\(view)")
        try session.sendKeys("R")
        try session.waitFor("remember=r-77Qx")
        // The first row is the cookie send kept.
        try session.sendKeys("d")
        let after = try session.waitUntilGone("seeded=")
        #expect(after.contains("remember=r-77Qx"), "\(after)")
        try session.sendKeys("Escape")
        try session.waitUntilGone("remember=")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        let folders = try FileManager.default.contentsOfDirectory(atPath: state + "/cookies")
        let file = state + "/cookies/" + (folders.first ?? "") + "/local.txt"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("# Netscape HTTP Cookie File") && text.contains("\tremember\tr-77Qx\n") && !text.contains("seeded"), "\(text)")
    }
}
