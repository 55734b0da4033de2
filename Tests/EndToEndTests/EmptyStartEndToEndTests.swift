import Foundation
import Testing
import TestSupport

/// Issue 26, item 18, in the real binary: `apiexplorer` in an empty directory with no collections in the config
/// directory starts on an empty explorer rather than failing; N creates a collection there that takes requests and
/// sends them, and O adds the bundled Demo, which answers offline.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; apt-get install tmux to run the end-to-end tests"))
struct EmptyStartEndToEndTests {
    /// The explorer started in `directory` (an empty one), with a home and config directory holding no collections.
    func start(in directory: TempDirectory) throws -> TmuxSession {
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let home = directory.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let work = directory.path + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        return try TmuxSession(arguments: ["/bin/sh", "-c", "cd \"$0\" && exec \"$1\" --no-history", work, binary.path], width: 100, height: 30,
                               environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/.config"])
    }

    @Test func nCreatesACollectionHereThatSendsAndIsThereNextTime() throws {
        let server = try FaultServer(routes: ["/ping": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "pong")])
        defer { server.stop() }
        let temp = try TempDirectory()
        let session = try start(in: temp)
        defer { session.kill() }
        try session.waitFor("No collections yet.")
        try session.sendKeys("N")
        try session.waitFor("New collection in")
        try session.sendText("Shop")
        try session.sendKeys("Tab", "Tab")
        try session.sendText(server.baseURL.absoluteString)
        try session.sendKeys("Enter")
        try session.waitFor("Created the collection Shop")
        let collection = temp.path + "/work/Collections/shop"
        let yaml = try String(contentsOfFile: collection + "/collection.yaml", encoding: .utf8)
        #expect(yaml.contains("baseURL: \(server.baseURL.absoluteString)") && yaml.contains("name: local"))
        #expect(FileManager.default.fileExists(atPath: collection + "/.gitignore"))
        // n on the new collection adds a request, which is sent to the environment's base URL.
        try session.sendKeys("n")
        try session.waitFor("New request in Shop")
        try session.sendText("Ping")
        try session.sendKeys("Enter")
        try session.waitFor("Created Ping")
        try session.sendKeys("u", "C-u")
        try session.sendText("/ping")
        try session.sendKeys("Enter", "s")
        try session.waitFor("Saved shop/ping")
        try session.sendKeys("C-j")
        try session.waitFor("pong")
        #expect(server.requests(to: "/ping").count == 1)
        // N on the collection: another one beside it.
        try session.sendKeys("BTab", "g", "N")
        try session.waitFor("Collection beside Shop")
        try session.sendKeys("Down", "Enter")
        try session.sendText("Billing")
        try session.sendKeys("Tab", "Tab")
        try session.sendText("https://billing.example")
        try session.sendKeys("Enter")
        try session.waitFor("Created the collection Billing")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        // The next start in the same directory finds them.
        let again = try start(in: temp)
        defer { again.kill() }
        let screen = try again.waitFor("Shop")
        #expect(screen.contains("Billing") && !screen.contains("No collections yet."))
        try again.sendKeys("q")
        #expect(try again.waitForExit() == 0)
    }

    @Test func iImportsAnHTTPFileAsTheFirstCollection() throws {
        let server = try FaultServer(routes: ["/health": .respond(status: 200, headers: ["Content-Type: text/plain"], body: "healthy")])
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("work/api.http", "### Health\nGET \(server.baseURL.absoluteString)/health\n")
        let session = try start(in: temp)
        defer { session.kill() }
        try session.waitFor("I import a Postman")
        try session.sendKeys("I")
        try session.waitFor("Import a file into")
        // A file that is not there is named in the message, and nothing is written.
        try session.sendText("missing.http")
        try session.sendKeys("Enter")
        try session.waitFor("missing.http: error: does not exist")
        #expect(!FileManager.default.fileExists(atPath: temp.path + "/work/Collections"))
        try session.sendKeys("I")
        try session.waitFor("Import a file into")
        try session.sendText("api.http")
        try session.sendKeys("Enter")
        try session.waitFor("Imported api: 1 request")
        try session.sendKeys("j", "Enter")
        try session.waitFor("healthy")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func oAddsTheBundledDemoWhichAnswersOffline() throws {
        let temp = try TempDirectory()
        let session = try start(in: temp)
        defer { session.kill() }
        try session.waitFor("O add the bundled Demo")
        try session.sendKeys("O")
        try session.waitFor("Added the bundled Demo")
        #expect(FileManager.default.fileExists(atPath: temp.path + "/work/Collections/Demo/collection.yaml"))
        // Its responses folder's text request, sent to the demo API running inside apiexplorer.
        try session.waitFor("responses")
        try session.sendKeys("/")
        try session.sendText("Plain text")
        try session.sendKeys("Enter", "C-j")
        try session.waitFor("Plain text from the demo API.")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
